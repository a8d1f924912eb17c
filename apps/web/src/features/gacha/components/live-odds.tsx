import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TableHead } from '@gacha/client/components/table-head';
import { RarityBadge } from '../../../components/rarity-badge.tsx';
import { formatDateTime, formatGems } from '../../../lib/format.ts';
import { useLang } from '../../../lib/i18n.ts';
import { useAfterIdle } from '../../../lib/idle.ts';
import { artImage, SIZES } from '../../../lib/art-image.ts';
import { useLiveOdds } from '../api/get-live-odds.ts';
import { barShare, formatChance } from '../odds.ts';
import styles from './live-odds.module.css';

/**
 * Live odds: what is left of the pool now, per prize tier and for each named top prize, with
 * the chance on the next play; a drawn top prize with its position and time. Read again after every purchase
 * (the purchase marks it stale) and every 15 seconds while the page is open, or, where the pack's release room
 * streams its changes (`pushed`), on those.
 */
export function LiveOdds({ packId, pushed = false }: { packId: string; pushed?: boolean }) {
  const { t } = useTranslation('gacha');
  const lang = useLang();
  const headingId = useId();
  const topId = useId();
  const { data, isPending, isError } = useLiveOdds(packId, useAfterIdle(), !pushed);
  if (isPending || isError) return null;
  const query = new URLSearchParams({ packId });

  return (
    <section className={`card ${styles.panel}`} aria-labelledby={headingId} data-testid="live-odds">
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {t('odds.title')}
        </h2>
        <p className={styles.left}>
          <span className="num" data-testid="odds-remaining">
            {formatGems(data.remaining)}
          </span>
          <span className={styles.of}> / {t('detail.lots', { count: data.total })}</span>
        </p>
      </div>
      <p className={styles.lead}>{data.remaining > 0 ? t('odds.lead') : t('odds.leadEmpty')}</p>

      <table className={styles.table}>
        <TableHead
          caption={t('odds.tableCaption')}
          columns={[t('odds.tier'), t('odds.left'), { label: t('odds.chance'), className: styles.chanceCol }]}
        />
        <tbody>
          {data.tiers.map((tier) => (
            <tr key={tier.rarity} data-testid="odds-tier">
              <th scope="row">
                <RarityBadge rarity={tier.rarity} label={tier.rarity_label} />
              </th>
              <td>
                <span className="num">
                  {t('odds.leftOf', { left: formatGems(tier.remaining), total: formatGems(tier.total) })}
                </span>
                <span className={styles.bar} aria-hidden="true">
                  <span style={{ width: `${barShare(tier.remaining, tier.total)}%` }} />
                </span>
              </td>
              <td className={`num ${styles.chanceCol}`}>{formatChance(tier.chance)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      {data.top_prizes.length > 0 && (
        <section aria-labelledby={topId} className={styles.top}>
          <h3 id={topId} className={styles.h3}>
            {t('odds.topTitle')}
          </h3>
          <ul className={styles.prizes}>
            {data.top_prizes.map((p) => {
              const gone = p.remaining === 0;
              return (
                <li key={p.prize_id} className={gone ? styles.gone : undefined} data-testid="odds-top-prize">
                  {p.image ? (
                    <img {...artImage(p.image, SIZES.thumb)} alt="" className={styles.thumb} loading="lazy" />
                  ) : null}
                  <div className={styles.prizeText}>
                    <p className={styles.prizeName}>
                      <RarityBadge rarity={p.rarity} label={p.rarity_label} /> {p.name}
                    </p>
                    <p className={styles.prizeState}>
                      {gone ? (
                        <strong className={styles.drawnTag}>{t('odds.allDrawn')}</strong>
                      ) : (
                        <>
                          <span className="num">
                            {t('odds.leftOf', { left: formatGems(p.remaining), total: formatGems(p.total) })}
                          </span>
                          <span aria-hidden="true"> · </span>
                          <span className="num">
                            {t('odds.nextPlay', { chance: formatChance(p.chance) })}
                          </span>
                        </>
                      )}
                    </p>
                    {p.drawn.length > 0 && (
                      <ul className={styles.drawn}>
                        {p.drawn.map((d) => (
                          <li key={d.position}>
                            {t('odds.drawnAt', {
                              position: formatGems(d.position + 1),
                              time: d.at ? formatDateTime(d.at, lang) : '—',
                            })}
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {data.last_one.map((p) => (
        <p key={p.prize_id} className={styles.lastOne}>
          <strong>{t('cards.lastOne')}</strong> {p.name} —{' '}
          {p.given ? t('odds.lastOneGiven') : t('odds.lastOneNote')}
        </p>
      ))}

      <p className={styles.links}>
        <Link to={`/pack-detail/odds?${query}`}>{t('odds.disclosureLink')}</Link>
        <Link to={`/pack-detail/record?${query}`}>{t('odds.recordLink')}</Link>
      </p>
    </section>
  );
}
