import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { verifyPack } from '@gacha/contract/fairness';
import { Pager } from '../../../components/pager.tsx';
import { RarityBadge } from '../../../components/rarity-badge.tsx';
import { formatDateTime, formatGems } from '../../../lib/format.ts';
import { useLang } from '../../../lib/i18n.ts';
import { drawRecordCsvUrl, fetchWholeRecord, useDrawRecord } from '../api/get-draw-record.ts';
import { fetchFairness, useFairness } from '../api/get-fairness.ts';
import { usePackDetail } from '../api/get-pack-detail.ts';
import styles from './fairness-pages.module.css';
import { PageUnavailable } from '../../../components/page-unavailable.tsx';
import { TableHead } from '@gacha/client/components/table-head';
import { PackSubpageHead } from '../components/pack-subpage-head.tsx';

type Check =
  | { state: 'idle' | 'running' | 'failed' }
  | { state: 'done'; count: number; bad: number; commitmentMatches: boolean };

/**
 * /pack-detail/record?packId&page: every sold position with its prize and time, newest first,
 * a page at a time; nobody is named, the member's own draws are marked for them. After sell-out or the end of
 * sale the revealed seed sits beside it, and the whole record can be checked against the committed sequence
 * here (contract fairness.ts, the code the server publishes with) or with tools/verify-pack.mjs. A CSV download.
 */
export function RecordPage() {
  const { t } = useTranslation('gacha');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const packId = params.get('packId') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError } = useDrawRecord(packId, page);
  const { data: pack } = usePackDetail(packId);
  const { data: fairness } = useFairness(packId, packId !== '');
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const seedId = useId();
  const tableId = useId();
  const query = new URLSearchParams({ packId });
  const back = `/pack-detail?${query}`;

  if (!packId || isError) {
    return <PageUnavailable title={t('disclosure.unavailable')} to="/" action={t('actions.home')} />;
  }
  if (isPending) return <div className="page" aria-busy="true" />;

  const runCheck = async () => {
    setCheck({ state: 'running' });
    try {
      const [info, rows] = await Promise.all([fetchFairness(packId), fetchWholeRecord(packId)]);
      if (!info.seed || !info.commitment) throw new Error('sealed');
      const v = verifyPack({
        seed: info.seed,
        commitment: info.commitment,
        canonical: info.canonical,
        draws: rows,
      });
      setCheck({
        state: 'done',
        count: v.draws.length,
        bad: v.draws.filter((x) => !x.matches).length,
        commitmentMatches: v.commitmentMatches,
      });
    } catch {
      setCheck({ state: 'failed' });
    }
  };

  const onPage = (p: number) => {
    setParams({ packId, page: String(p) });
    document.getElementById(tableId)?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className="page">
      <PackSubpageHead
        back={back}
        packName={pack?.name}
        crumb={t('record.crumb')}
        title={t('record.title')}
      />

      <section className={`card ${styles.panel}`} aria-labelledby={seedId}>
        <div className={styles.head}>
          <h2 id={seedId} className={styles.h2}>
            {data.revealed ? t('record.revealedTitle') : t('record.sealedTitle')}
          </h2>
          <a className="btn btn-secondary btn-sm" href={drawRecordCsvUrl(packId)} download>
            {t('record.csv')}
          </a>
        </div>
        <p className={styles.lead}>{t('record.lead')}</p>
        <p className="num">
          <strong>
            {t('record.soldValue', { sold: formatGems(data.sold), total: formatGems(data.total) })}
          </strong>
        </p>
        {fairness?.commitment && (
          <dl className={styles.facts}>
            <div>
              <dt>{t('fairness.commitment')}</dt>
              <dd>
                <code className={styles.hash}>{fairness.commitment}</code>
              </dd>
            </div>
            <div>
              <dt>{t('fairness.seed')}</dt>
              <dd>
                {fairness.seed ? (
                  <code className={styles.hash}>{fairness.seed}</code>
                ) : (
                  <span className={styles.muted}>{t('fairness.seedSealed')}</span>
                )}
              </dd>
            </div>
          </dl>
        )}
        {data.revealed && fairness?.seed ? (
          <>
            <p className={styles.lead}>{t('record.revealedLead')}</p>
            <p className={styles.actions}>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => void runCheck()}
                disabled={check.state === 'running'}
              >
                {check.state === 'running' ? t('record.checking') : t('record.check')}
              </button>
              <Link to={`/pack-detail/verify?${query}`} className="btn btn-secondary btn-sm">
                {t('record.verifyLink')}
              </Link>
            </p>
            <div role="status" aria-live="polite" data-testid="record-check">
              {check.state === 'done' && (
                <p className={check.bad === 0 && check.commitmentMatches ? styles.ok : styles.bad}>
                  {!check.commitmentMatches
                    ? t('record.commitmentBad')
                    : check.bad === 0
                      ? t('record.checkOk', { count: check.count })
                      : t('record.checkBad', { bad: check.bad, count: check.count })}
                </p>
              )}
              {check.state === 'failed' && <p className={styles.bad}>{t('record.checkFailed')}</p>}
            </div>
            <p className={styles.muted}>
              {t('record.toolNote')}{' '}
              <code className={styles.tool}>
                node tools/verify-pack.mjs {packId} {window.location.origin}
              </code>
            </p>
          </>
        ) : (
          <p className={styles.muted}>{t('record.sealed')}</p>
        )}
      </section>

      <section className={`card ${styles.panel}`} aria-labelledby={tableId}>
        <h2 id={tableId} className={styles.h2}>
          {t('record.tableTitle')}
        </h2>
        {data.list.length === 0 ? (
          <p className={styles.muted}>{t('record.empty')}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="draw-record">
              <TableHead
                caption={t('record.tableCaption')}
                columns={[t('record.position'), t('record.prize'), t('record.time')]}
              />
              <tbody>
                {data.list.map((r) => (
                  <tr key={r.position} className={r.mine ? styles.mine : undefined}>
                    <th scope="row" className="num">
                      #{formatGems(r.position + 1)}
                      {r.mine && (
                        <>
                          {' '}
                          <span className={styles.mineTag}>{t('record.mine')}</span>
                        </>
                      )}
                    </th>
                    <td>
                      <span className={styles.prizeCell}>
                        <RarityBadge rarity={r.rarity} label={r.rarity_label} />
                        <span className={styles.prizeName}>{r.name}</span>
                      </span>
                    </td>
                    <td className="num">{formatDateTime(r.at, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager page={data.page} allPage={data.all_page} pages={data.pages} onChange={onPage} />
      </section>

      <p className={styles.back}>
        <Link to={back} className="btn btn-secondary">
          {t('record.back')}
        </Link>
      </p>
    </div>
  );
}

export default RecordPage;
