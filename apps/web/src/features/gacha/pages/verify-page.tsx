import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RarityBadge } from '../../../components/rarity-badge.tsx';
import { useFairness } from '../api/get-fairness.ts';
import { usePackDetail } from '../api/get-pack-detail.ts';
import { sequenceCsv, verifyFairness } from '../verify.ts';
import fairness from './fairness-pages.module.css';
import styles from './verify-page.module.css';
import { PageUnavailable } from '../../../components/page-unavailable.tsx';
import { TableHead } from '@gacha/client/components/table-head';
import { PackSubpageHead } from '../components/pack-subpage-head.tsx';

/**
 * /pack-detail/verify?packId: recomputes the commitment and the whole lot sequence from the revealed seed in
 * the browser (contract fairness.ts) and marks where each of the member's own draws fell (my_positions).
 */
export function VerifyPage() {
  const { t } = useTranslation('gacha');
  const [params] = useSearchParams();
  const packId = params.get('packId') ?? '';
  const { data: info, isPending, isError } = useFairness(packId, packId !== '');
  const { data: pack } = usePackDetail(packId);
  const v = useMemo(() => (info ? verifyFairness(info) : null), [info]);
  const prizes = useMemo(() => new Map((info?.prizes ?? []).map((p) => [p.id, p])), [info]);
  const [csvUrl, setCsvUrl] = useState<string | null>(null);
  const stepsId = useId();
  const drawsId = useId();
  const seqId = useId();

  useEffect(() => {
    if (!info || !v) return undefined;
    const url = URL.createObjectURL(new Blob([sequenceCsv(info, v)], { type: 'text/csv' }));
    setCsvUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [info, v]);

  const back = `/pack-detail?${new URLSearchParams({ packId })}`;

  if (!packId || isError || (!isPending && !info?.commitment)) {
    return <PageUnavailable title={t('verify.unavailable')} to="/" action={t('actions.home')} />;
  }
  if (isPending || !info) return <div className="page" aria-busy="true" />;

  const rarityOf = (prizeId: number) => prizes.get(prizeId)?.rarity ?? 1;

  return (
    <div className="page">
      <PackSubpageHead
        back={back}
        packName={pack?.name}
        crumb={t('verify.crumb')}
        title={t('verify.title')}
      />

      <div className={styles.grid}>
        <section className={`card ${styles.panel}`} aria-labelledby={stepsId}>
          <h2 id={stepsId} className={fairness.h2}>
            {t('verify.howTitle')}
          </h2>
          <ol className={styles.steps}>
            <li>{t('verify.step1', { total: info.total })}</li>
            <li>{t('verify.step2')}</li>
            <li>{t('verify.step3')}</li>
            <li>{t('verify.step4')}</li>
          </ol>
          <dl className={styles.values}>
            <div>
              <dt>{t('fairness.commitment')}</dt>
              <dd>
                <code className={fairness.hash}>{info.commitment}</code>
              </dd>
            </div>
            <div>
              <dt>{t('fairness.seed')}</dt>
              <dd>
                {info.seed ? (
                  <code className={fairness.hash}>{info.seed}</code>
                ) : (
                  <span className={styles.muted}>{t('fairness.seedSealed')}</span>
                )}
              </dd>
            </div>
          </dl>
        </section>

        {!v ? (
          <section className={`card ${styles.panel}`}>
            <p className={styles.pending} role="status">
              {t('verify.notYet', { sold: info.sold, total: info.total })}
            </p>
            {info.my_positions.length > 0 && (
              <p className={styles.muted}>
                {t('verify.myPositionsSealed', {
                  positions: info.my_positions.map((p) => `#${p.position + 1}`).join(', '),
                })}
              </p>
            )}
          </section>
        ) : (
          <section className={`card ${styles.panel}`} aria-labelledby={drawsId}>
            <h2 id={drawsId} className={fairness.h2}>
              {t('verify.resultTitle')}
            </h2>
            <ul className={styles.checks}>
              <li className={v.commitmentMatches ? styles.ok : styles.bad}>
                <span className={styles.mark} aria-hidden="true">
                  {v.commitmentMatches ? '✓' : '✗'}
                </span>
                {v.commitmentMatches ? t('verify.commitmentOk') : t('verify.commitmentBad')}
              </li>
              <li className={styles.ok}>
                <span className={styles.mark} aria-hidden="true">
                  ✓
                </span>
                {t('verify.sequenceDone', { total: v.sequence.length })}
              </li>
              {v.draws.length > 0 ? (
                <li className={v.draws.every((d) => d.matches) ? styles.ok : styles.bad}>
                  <span className={styles.mark} aria-hidden="true">
                    {v.draws.every((d) => d.matches) ? '✓' : '✗'}
                  </span>
                  {t('verify.drawsMatch', {
                    matched: v.draws.filter((d) => d.matches).length,
                    count: v.draws.length,
                  })}
                </li>
              ) : (
                <li className={styles.neutral}>
                  <span className={styles.mark} aria-hidden="true">
                    –
                  </span>
                  {t('verify.noDraws')}
                </li>
              )}
            </ul>
            {v.draws.length > 0 && (
              <div className={fairness.tableWrap}>
                <table className={`${fairness.dataTable} ${styles.table}`}>
                  <TableHead
                    caption={t('verify.tableCaption')}
                    columns={[
                      t('verify.position'),
                      t('verify.expected'),
                      t('verify.received'),
                      t('verify.match'),
                    ]}
                  />
                  <tbody>
                    {v.draws.map((d) => {
                      const expected = d.expected !== undefined ? prizes.get(d.expected) : undefined;
                      const got = prizes.get(d.prize_id);
                      return (
                        <tr key={d.position}>
                          <td className="num">#{d.position + 1}</td>
                          <td>
                            {expected && (
                              <RarityBadge rarity={expected.rarity} label={expected.rarity_label} />
                            )}{' '}
                            {expected?.name ?? '—'}
                          </td>
                          <td>{got?.name ?? '—'}</td>
                          <td className={d.matches ? styles.okText : styles.badText}>
                            {d.matches ? t('verify.yes') : t('verify.no')}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        )}
      </div>

      {v && (
        <section className={`card ${styles.panel} ${styles.sequence}`} aria-labelledby={seqId}>
          <div className={styles.seqHead}>
            <h2 id={seqId} className={fairness.h2}>
              {t('verify.sequenceTitle', { total: v.sequence.length })}
            </h2>
            {csvUrl && (
              <a className="btn btn-secondary btn-sm" href={csvUrl} download={`pack-${packId}-sequence.csv`}>
                {t('verify.download')}
              </a>
            )}
          </div>
          <p className={styles.muted}>{t('verify.sequenceHint')}</p>
          <ul className={styles.legend}>
            {[...new Set(info.prizes.map((p) => p.rarity))]
              .sort((a, b) => b - a)
              .map((r) => {
                const p = info.prizes.find((x) => x.rarity === r)!;
                return (
                  <li key={r}>
                    <span className={`${styles.swatch} ${styles[`r${Math.min(7, Math.max(1, r))}`]}`} />
                    {p.rarity_label}
                  </li>
                );
              })}
            <li>
              <span className={`${styles.swatch} ${styles.mineSwatch}`} />
              {t('verify.legendMine')}
            </li>
          </ul>
          <ol className={styles.cells} aria-hidden="true">
            {v.cells.map((c) => (
              <li
                key={c.position}
                className={`${styles.cell} ${styles[`r${Math.min(7, Math.max(1, rarityOf(c.prizeId)))}`]} ${c.mine ? styles.mine : ''} ${c.sold ? '' : styles.unsold}`}
                title={`#${c.position + 1} ${prizes.get(c.prizeId)?.name ?? ''}`}
              />
            ))}
          </ol>
        </section>
      )}

      <p className={styles.back}>
        <Link to={back} className="btn btn-secondary">
          {t('verify.back')}
        </Link>
      </p>
    </div>
  );
}

export default VerifyPage;
