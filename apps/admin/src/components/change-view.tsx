import { useTranslation } from 'react-i18next';
import { formatJst } from '../lib/format.ts';

/**
 * An audit row's before and after: for two objects, the fields that changed (before → after) and those added or
 * removed; for anything else, the values as JSON. The whole JSON of both is one click away.
 */
export function ChangeView({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('console');
  const changes = diff(before, after);
  return (
    <div className="change-view">
      {changes ? (
        changes.length ? (
          <dl className="diff">
            {changes.map(({ key, from, to }) => (
              <div key={key} className="diff-row">
                <dt>{key}</dt>
                <dd>
                  {from !== undefined ? <del>{show(from)}</del> : null}
                  {from !== undefined && to !== undefined ? <span aria-hidden="true"> → </span> : null}
                  {to !== undefined ? <ins>{show(to)}</ins> : null}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="muted">{t('audit.noChange')}</p>
        )
      ) : (
        <p className="diff-value">
          {before !== null && before !== undefined ? <del>{show(before)}</del> : null}
          {before !== null && before !== undefined && after !== null && after !== undefined ? (
            <span aria-hidden="true"> → </span>
          ) : null}
          {after !== null && after !== undefined ? <ins>{show(after)}</ins> : null}
        </p>
      )}
      <details>
        <summary>{t('audit.json')}</summary>
        <div className="json-pair">
          <div>
            <h4>{t('audit.before')}</h4>
            <pre>{JSON.stringify(before, null, 2) ?? 'null'}</pre>
          </div>
          <div>
            <h4>{t('audit.after')}</h4>
            <pre>{JSON.stringify(after, null, 2) ?? 'null'}</pre>
          </div>
        </div>
      </details>
    </div>
  );
}

type Change = { key: string; from?: unknown; to?: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The changed fields of two objects (one of them may be null: created or removed); null for other values. */
export function diff(before: unknown, after: unknown): Change[] | null {
  if (before === null && isRecord(after)) return Object.entries(after).map(([key, to]) => ({ key, to }));
  if (isRecord(before) && after === null) return Object.entries(before).map(([key, from]) => ({ key, from }));
  if (!isRecord(before) || !isRecord(after)) return null;
  const out: Change[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const from = before[key];
    const to = after[key];
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    out.push({ key, ...(key in before ? { from } : {}), ...(key in after ? { to } : {}) });
  }
  return out;
}

/** An instant as the server stores it (ISO, UTC): shown in Japan time like every time of the console. */
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z$/;

function show(value: unknown): string {
  if (typeof value === 'string' && INSTANT.test(value)) return formatJst(value);
  if (typeof value === 'string') return value.length > 120 ? `${value.slice(0, 117)}…` : value;
  const json = JSON.stringify(value);
  return json === undefined ? 'undefined' : json.length > 120 ? `${json.slice(0, 117)}…` : json;
}
