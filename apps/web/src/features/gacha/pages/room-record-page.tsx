import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pageInfo } from '@gacha/contract/paging';
import { verifyRoom } from '@gacha/contract/room-order';
import type { RoomRecord } from '@gacha/contract/rooms';
import { TableHead } from '@gacha/client/components/table-head';
import { PageUnavailable } from '../../../components/page-unavailable.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime, formatGems } from '../../../lib/format.ts';
import { useLang } from '../../../lib/i18n.ts';
import { usePackDetail } from '../api/get-pack-detail.ts';
import { isNoRoom, roomRecordApiUrl, useRoomRecord } from '../api/get-room-record.ts';
import styles from './fairness-pages.module.css';
import own from './room-record-page.module.css';
import { PackSubpageHead } from '../components/pack-subpage-head.tsx';

/** Entries a page (the answer holds them all: paged here). */
export const ROOM_RECORD_PER_PAGE = 50;

type Check =
  | { state: 'idle' | 'failed' }
  | { state: 'done'; count: number; bad: number; commitmentMatches: boolean; placesWhole: boolean };

/** What the in-page check found: the seed opens the commitment, the places are 1…n, every place is the seed's. */
function checkRecord(record: RoomRecord): Check {
  if (!record.seed) return { state: 'failed' };
  try {
    const v = verifyRoom({ commitment: record.commitment, seed: record.seed, entries: record.entries });
    return {
      state: 'done',
      count: record.entries.length,
      bad: v.mismatches.length,
      commitmentMatches: v.commitmentMatches,
      placesWhole: v.placesWhole,
    };
  } catch {
    return { state: 'failed' };
  }
}

/**
 * /pack-detail/room?packId&page: a release room's public record (docs/fairness.md § 10). The room commitment, the
 * seed once the room closes (the pack sold out or its sale ended), and the order of entry, 50 places a page: each
 * place's anonymous arrival number, whether it was in the room at the start (drawn) or joined later (appended),
 * and when it was admitted. The signed-in member's own entry is marked, with a way to its page. Once revealed the
 * order is checked here (contract room-order.ts verifyRoom); before and after, the independent
 * tools/verify-room.mjs is given with this record's API address.
 */
export function RoomRecordPage() {
  const { t } = useTranslation('gacha');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const packId = params.get('packId') ?? '';
  const validId = /^\d{1,10}$/.test(packId);
  const { data, isPending, isError, error } = useRoomRecord(packId, validId);
  const { data: pack } = usePackDetail(validId ? packId : '');
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  /** The page "Show my entry" went to: once it is rendered, the row takes the focus. */
  const [focusOn, setFocusOn] = useState<number | null>(null);
  const seedId = useId();
  const tableId = useId();
  const mineId = useId();
  const back = `/pack-detail?${new URLSearchParams({ packId })}`;

  const entries = data?.entries ?? [];
  const info = pageInfo(Number(params.get('page')) || 1, entries.length, ROOM_RECORD_PER_PAGE);
  const rows = entries.slice((info.page - 1) * ROOM_RECORD_PER_PAGE, info.page * ROOM_RECORD_PER_PAGE);
  const mineIndex = entries.findIndex((e) => e.mine);
  const mine = mineIndex >= 0 ? entries[mineIndex] : undefined;

  // "Show my entry": once its page is rendered (the navigation may come a moment after the click), the keyboard
  // and the screen reader go to the row
  useEffect(() => {
    if (focusOn === null || focusOn !== info.page) return;
    const row = document.getElementById(mineId);
    // in the middle of the screen, clear of the sticky header and the phone's tab bar
    row?.focus({ preventScroll: true });
    row?.scrollIntoView?.({ block: 'center' });
    setFocusOn(null);
  }, [focusOn, info.page, mineId]);

  if (!validId || isError) {
    return (
      <PageUnavailable
        title={!validId || isNoRoom(error) ? t('roomRecord.unavailable') : t('roomRecord.failed')}
        to="/"
        action={t('actions.home')}
      />
    );
  }
  if (isPending) return <div className="page" aria-busy="true" />;

  const onPage = (p: number) => {
    setParams({ packId, page: String(p) });
    document.getElementById(tableId)?.scrollIntoView?.({ block: 'start' });
  };
  const showMine = () => {
    const minePage = Math.floor(mineIndex / ROOM_RECORD_PER_PAGE) + 1;
    setParams({ packId, page: String(minePage) });
    setFocusOn(minePage);
  };

  const atStart = entries.filter((e) => e.at_start).length;
  const command = `node tools/verify-room.mjs ${roomRecordApiUrl(packId)}`;
  const notAdmitted = (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t('roomRecord.notAdmitted')}</span>
    </>
  );

  return (
    <div className="page">
      <PackSubpageHead
        back={back}
        packName={pack?.name}
        crumb={t('roomRecord.crumb')}
        title={t('roomRecord.title')}
      />

      <section className={`card ${styles.panel}`} aria-labelledby={seedId}>
        <h2 id={seedId} className={styles.h2}>
          {data.revealed ? t('roomRecord.revealedTitle') : t('roomRecord.sealedTitle')}
        </h2>
        <p className={styles.lead}>{t('roomRecord.lead')}</p>
        <dl className={styles.facts}>
          <div>
            <dt>{t('roomRecord.commitment')}</dt>
            <dd>
              <code className={styles.hash} data-testid="room-commitment">
                {data.commitment}
              </code>
            </dd>
          </div>
          <div>
            <dt>{t('roomRecord.seed')}</dt>
            <dd>
              {data.seed ? (
                <code className={styles.hash} data-testid="room-seed">
                  {data.seed}
                </code>
              ) : (
                <span className={styles.muted}>
                  {pack?.end_at
                    ? t('roomRecord.seedSealedEnd', { time: formatDateTime(pack.end_at, lang) })
                    : t('roomRecord.seedSealed')}
                </span>
              )}
            </dd>
          </div>
        </dl>
        {data.revealed && data.seed ? (
          <>
            <p className={styles.lead}>{t('roomRecord.revealedLead')}</p>
            <p className={styles.actions}>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => setCheck(checkRecord(data))}
              >
                {t('roomRecord.check')}
              </button>
            </p>
            <div role="status" aria-live="polite" data-testid="room-check">
              {check.state === 'done' && <CheckResult check={check} />}
              {check.state === 'failed' && <p className={styles.bad}>{t('roomRecord.checkFailed')}</p>}
            </div>
            <p className={styles.muted}>
              {t('roomRecord.toolNote')} <code className={styles.tool}>{command}</code>
            </p>
          </>
        ) : (
          <p className={styles.muted} data-testid="room-sealed">
            {t('roomRecord.sealed')} <code className={styles.tool}>{command}</code>
          </p>
        )}
      </section>

      <section className={`card ${styles.panel}`} aria-labelledby={tableId}>
        <h2 id={tableId} className={styles.h2}>
          {t('roomRecord.tableTitle')}
        </h2>
        {entries.length === 0 ? (
          <p className={styles.muted}>
            {pack?.start_at
              ? t('roomRecord.notDrawn', { time: formatDateTime(pack.start_at, lang) })
              : t('roomRecord.notDrawnNoTime')}
          </p>
        ) : (
          <>
            <p className={styles.muted} data-testid="room-summary">
              {t('roomRecord.summary', {
                count: entries.length,
                total: formatGems(entries.length),
                atStart: formatGems(atStart),
                later: formatGems(entries.length - atStart),
              })}
            </p>
            {mine && (
              <p className={styles.head} data-testid="room-your-place">
                <strong>{t('roomRecord.yourPlace', { place: formatGems(mine.place) })}</strong>
                <button type="button" className="btn btn-secondary btn-sm" onClick={showMine}>
                  {t('roomRecord.showMine')}
                </button>
              </p>
            )}
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="room-record">
                <TableHead
                  caption={t('roomRecord.tableCaption')}
                  columns={[
                    t('roomRecord.place'),
                    t('roomRecord.arrival'),
                    t('roomRecord.entered'),
                    t('roomRecord.admitted'),
                  ]}
                />
                <tbody>
                  {rows.map((e) => (
                    <tr key={e.place} className={e.mine ? styles.mine : undefined}>
                      <th
                        scope="row"
                        className="num"
                        id={e.mine ? mineId : undefined}
                        tabIndex={e.mine ? -1 : undefined}
                      >
                        {formatGems(e.place)}
                        {e.mine && (
                          <>
                            {' '}
                            <span className={own.you} aria-hidden="true">
                              {t('roomRecord.you')}
                            </span>
                            <span className="visually-hidden">{t('roomRecord.yourEntry')}</span>
                          </>
                        )}
                      </th>
                      <td className="num">{formatGems(e.arrival)}</td>
                      <td>{e.at_start ? t('roomRecord.atStart') : t('roomRecord.later')}</td>
                      <td className="num">
                        {e.admitted_at ? formatDateTime(e.admitted_at, lang) : notAdmitted}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <Pager page={info.page} allPage={info.all_page} pages={info.pages} onChange={onPage} />
      </section>

      <p className={styles.back}>
        <Link to={back} className="btn btn-secondary">
          {t('roomRecord.back')}
        </Link>
      </p>
    </div>
  );
}

/** The in-page check's result: every problem it found, or that everything agrees. */
function CheckResult({ check }: { check: Extract<Check, { state: 'done' }> }) {
  const { t } = useTranslation('gacha');
  const problems = [
    !check.commitmentMatches && t('roomRecord.commitmentBad'),
    !check.placesWhole && t('roomRecord.placesBad', { total: formatGems(check.count) }),
    check.bad > 0 &&
      t('roomRecord.checkBad', {
        count: check.bad,
        bad: formatGems(check.bad),
        total: formatGems(check.count),
      }),
  ].filter((x): x is string => typeof x === 'string');
  if (problems.length > 0) {
    return (
      <>
        {problems.map((p) => (
          <p key={p} className={styles.bad}>
            {p}
          </p>
        ))}
      </>
    );
  }
  return (
    <p className={styles.ok}>
      {check.count === 0
        ? t('roomRecord.checkEmpty')
        : t('roomRecord.checkOk', { count: check.count, total: formatGems(check.count) })}
    </p>
  );
}

export default RoomRecordPage;
