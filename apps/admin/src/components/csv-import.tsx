import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call, firstError, isOk } from '../lib/api.ts';
import type { Route, RouteSchemas } from '@gacha/contract/route';
import { catalogue, useSubmit } from '../lib/forms.ts';
import { NAMESPACES, type QualifiedKey } from '../locales/index.ts';
import styles from './csv-import.module.css';
import { TableWrap } from './table-wrap.tsx';
import { TableHead } from '@gacha/client/components/table-head';

/** The file's text as UTF-8 (FileReader: every browser, and the tests' DOM, which has no File.text). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file, 'utf-8');
  });
}

/** A group of an import's texts, with its namespace (`shipping:import`): any group that has an `allOrNothing`. */
type ImportTexts<K = QualifiedKey> = K extends `${infer P}.allOrNothing` ? P : never;

/** A line of the server's report: its number and, when refused, the catalogue key and its text. */
export interface ReportLine {
  line: number;
  error: string | null;
  message: string | null;
}

export interface CsvImportProps<L extends ReportLine, A extends { applied: boolean; lines: L[] }> {
  /** The import's route (contract routes/): POST {csv, dry_run}, answering A. */
  route: Route<RouteSchemas & { answer: z.ZodType<A> }>;
  maxChars: number;
  /** The group of this import's texts (`shipping:import`): `.allOrNothing`, `.file`, `.check`, `.submit`, … */
  texts: ImportTexts;
  intro: ReactNode;
  sample: string;
  /** The report's columns between the line number and the result. */
  columns: { header: string; cell: (line: L) => ReactNode }[];
  /** What an applied file did, and what a checked one would do. */
  applied: (answer: A) => string;
  checked: (answer: A) => string;
  onApplied: (answer: A, message: string) => void | Promise<void>;
  close: () => void;
}

interface Report<L> {
  kind: 'applied' | 'checked' | 'refused' | 'error';
  message: string;
  lines: L[];
}

/**
 * A CSV import dialog's body: the chosen file is read as text and sent whole; "Check" asks for a dry run,
 * "Import" applies it. The server applies a file all or nothing — the dialog says so — and its answer's report
 * shows every line: fine, or why it is refused, with the file's own fault (unreadable, empty, too long) above it.
 * The shipments' tracking codes and the cards use it.
 */
export function CsvImport<L extends ReportLine, A extends { applied: boolean; lines: L[] }>(
  props: CsvImportProps<L, A>,
) {
  const { texts, close } = props;
  // the console's words, and the import's texts in their namespace
  const { t } = useTranslation(NAMESPACES);
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [report, setReport] = useState<Report<L> | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const submit = useSubmit({
    mutationFn: async ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      call<Route>(props.route, { body: { csv, dry_run: dryRun } }),
    onSuccess: async (res, { dryRun }) => {
      if (isOk(res)) {
        const r = res as unknown as A;
        if (r.applied) {
          const message = props.applied(r);
          setReport({ kind: 'applied', message, lines: r.lines });
          await props.onApplied(r, message);
        } else setReport({ kind: 'checked', message: props.checked(r), lines: r.lines });
        return;
      }
      const refused = (res as { lines?: unknown }).lines;
      const lines = Array.isArray(refused) ? (refused as L[]) : [];
      const why = firstError(res.errors, 'csv') ?? res.message ?? catalogue('server_error');
      setReport({
        kind: lines.length ? 'refused' : 'error',
        message: lines.length
          ? `${why} ${dryRun ? t(`${texts}.refusedCheck`) : t(`${texts}.refusedNothing`)}`
          : `${why} ${dryRun ? '' : t(`${texts}.refusedNothing`)}`.trim(),
        lines,
      });
    },
    onError: () => setReport({ kind: 'error', message: catalogue('server_error'), lines: [] }),
  });

  // the file is read when chosen, so a click sends at once and a double click sends once (useSubmit)
  const choose = async (chosen: File | null) => {
    setFile(null);
    setReport(null);
    setFileError(null);
    if (!chosen) return;
    let text: string;
    try {
      text = await readText(chosen);
    } catch {
      setFileError(catalogue('csv_unreadable'));
      return;
    }
    if (text.length > props.maxChars) setFileError(catalogue('too_long', { max: props.maxChars }));
    else setFile({ name: chosen.name, csv: text });
  };

  const send = (dryRun: boolean) => {
    setReport(null);
    if (!file) {
      setFileError((prev) => prev ?? t(`${texts}.chooseFile`));
      return;
    }
    submit.send({ csv: file.csv, dryRun });
  };

  // an applied or refused file gives the same answer again: choose it (or its fixed copy) anew
  const answered = report?.kind === 'applied' || report?.kind === 'refused';
  const bad = report?.lines.filter((l) => l.error).length ?? 0;
  const fine = report?.kind === 'applied' || report?.kind === 'checked';
  return (
    <div>
      <p>{props.intro}</p>
      <pre className={styles.sample}>{props.sample}</pre>
      <p className="note note-warn">{t(`${texts}.allOrNothing`)}</p>
      <div className="field">
        <label htmlFor={inputId}>{t(`${texts}.file`)}</label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-invalid={!!fileError}
          aria-describedby={fileError ? `${inputId}-error` : undefined}
          onChange={(e) => void choose(e.target.files?.[0] ?? null)}
        />
        {fileError ? (
          <p className="field-error" id={`${inputId}-error`}>
            {fileError}
          </p>
        ) : null}
      </div>
      <div className="actions">
        <button type="button" onClick={() => send(true)} disabled={submit.isPending || answered}>
          {t(`${texts}.check`)}
        </button>
        <button
          type="button"
          className="button-primary"
          onClick={() => send(false)}
          disabled={submit.isPending || answered}
        >
          {t(`${texts}.submit`)}
        </button>
        <button type="button" onClick={close}>
          {report?.kind === 'applied' ? t('common.close') : t('common.cancel')}
        </button>
      </div>
      <div aria-live="polite">
        {report ? (
          <div className={styles.report}>
            <p className={fine ? 'success' : 'form-message'} role={fine ? 'status' : 'alert'}>
              {report.message}
              {report.kind === 'refused' ? ` ${t(`${texts}.badLines`, { count: bad })}` : ''}
            </p>
            {report.lines.length ? (
              <TableWrap label={t(`${texts}.report`)}>
                <table className="data-table">
                  <TableHead
                    caption={t(`${texts}.report`)}
                    columns={[
                      { label: t(`${texts}.line`), className: 'num' },
                      ...props.columns.map((c) => c.header),
                      t(`${texts}.result`),
                    ]}
                  />
                  <tbody>
                    {report.lines.map((l) => (
                      <tr key={l.line} className={l.error ? styles.badLine : undefined}>
                        <td className="num">{l.line}</td>
                        {props.columns.map((c) => (
                          <td key={c.header}>{c.cell(l)}</td>
                        ))}
                        <td>{l.error ? (l.message ?? catalogue(l.error)) : t(`${texts}.lineOk`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
