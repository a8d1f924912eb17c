import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CoinIcon, GemIcon } from '../../../components/currency-icons.tsx';
import { RarityBadge } from '../../../components/rarity-badge.tsx';
import { formatDateTime, formatGems } from '../../../lib/format.ts';
import { useLang } from '../../../lib/i18n.ts';
import { useDisclosure } from '../api/get-disclosure.ts';
import { formatChance } from '../odds.ts';
import styles from './fairness-pages.module.css';
import { PageUnavailable } from '../../../components/page-unavailable.tsx';
import { TableHead } from '@gacha/client/components/table-head';
import { PackSubpageHead } from '../components/pack-subpage-head.tsx';

/**
 * /pack-detail/odds?packId: the odds disclosure fixed when the pack was published — every tier
 * and every prize with its quantity and probability, the last-one prize, and the commitment they are kept with.
 */
export function DisclosurePage() {
  const { t } = useTranslation('gacha');
  const lang = useLang();
  const [params] = useSearchParams();
  const packId = params.get('packId') ?? '';
  const { data: d, isPending, isError } = useDisclosure(packId);
  const tiersId = useId();
  const prizesId = useId();
  const query = new URLSearchParams({ packId });
  const back = `/pack-detail?${query}`;

  if (!packId || isError) {
    return <PageUnavailable title={t('disclosure.unavailable')} to="/" action={t('actions.home')} />;
  }
  if (isPending) return <div className="page" aria-busy="true" />;
  const Icon = d.payment_method === 2 ? CoinIcon : GemIcon;

  return (
    <div className="page">
      <PackSubpageHead
        back={back}
        packName={d.name}
        crumb={t('disclosure.crumb')}
        title={t('disclosure.title')}
      />

      <div className={`card ${styles.panel}`}>
        <p className={styles.lead}>{t('disclosure.lead', { date: formatDateTime(d.fixed_at, lang) })}</p>
        <dl className={styles.facts}>
          <div>
            <dt>{t('disclosure.total')}</dt>
            <dd className="num">{t('disclosure.totalValue', { count: d.total })}</dd>
          </div>
          <div>
            <dt>{t('disclosure.price')}</dt>
            <dd className={`num ${styles.price}`}>
              <Icon size={18} /> {formatGems(d.point)}{' '}
              {d.payment_method === 2 ? t('unit.coins') : t('unit.gems')}
            </dd>
          </div>
          <div>
            <dt>{t('disclosure.start')}</dt>
            <dd className="num">{formatDateTime(d.start_at, lang)}</dd>
          </div>
        </dl>
      </div>

      <section className={`card ${styles.panel}`} aria-labelledby={tiersId}>
        <h2 id={tiersId} className={styles.h2}>
          {t('disclosure.tiersTitle')}
        </h2>
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="disclosure-tiers">
            <TableHead
              columns={[
                t('disclosure.tier'),
                { label: t('disclosure.quantity'), className: styles.numCol },
                { label: t('disclosure.probability'), className: styles.numCol },
              ]}
            />
            <tbody>
              {d.tiers.map((tier) => (
                <tr key={tier.rarity}>
                  <th scope="row">
                    <RarityBadge rarity={tier.rarity} label={tier.rarity_label} />
                  </th>
                  <td className={`num ${styles.numCol}`}>{formatGems(tier.quantity)}</td>
                  <td className={`num ${styles.numCol}`}>{formatChance(tier.probability)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('disclosure.total')}</th>
                <td className={`num ${styles.numCol}`}>{formatGems(d.total)}</td>
                <td className={`num ${styles.numCol}`}>100%</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p className={styles.muted}>{t('disclosure.probabilityNote')}</p>
      </section>

      <section className={`card ${styles.panel}`} aria-labelledby={prizesId}>
        <h2 id={prizesId} className={styles.h2}>
          {t('disclosure.prizesTitle')}
        </h2>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <TableHead
              columns={[
                t('disclosure.prize'),
                { label: t('disclosure.quantity'), className: styles.numCol },
                { label: t('disclosure.probability'), className: styles.numCol },
              ]}
            />
            <tbody>
              {[...d.prizes]
                .sort((a, b) => b.rarity - a.rarity || a.prize_id - b.prize_id)
                .map((p) => (
                  <tr key={p.prize_id}>
                    <th scope="row" className={styles.prizeCell}>
                      <RarityBadge rarity={p.rarity} label={p.rarity_label} />
                      <span className={styles.prizeName}>{p.name}</span>
                      {p.model_number && <span className={styles.model}>{p.model_number}</span>}
                      {p.top && <span className={styles.topTag}>{t('disclosure.top')}</span>}
                    </th>
                    <td className={`num ${styles.numCol}`}>{formatGems(p.quantity)}</td>
                    <td className={`num ${styles.numCol}`}>{formatChance(p.probability)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
        {d.last_one.map((p) => (
          <div key={p.prize_id} className={styles.lastOne}>
            <p>
              <strong>{t('disclosure.lastOneTitle')}</strong>{' '}
              <RarityBadge rarity={p.rarity} label={p.rarity_label} /> {p.name}
            </p>
            <p className={styles.muted}>{t('disclosure.lastOneNote')}</p>
          </div>
        ))}
      </section>

      <section className={`card ${styles.panel}`}>
        <h2 className={styles.h2}>{t('disclosure.commitment')}</h2>
        <code className={styles.hash}>{d.commitment}</code>
        <p className={styles.actions}>
          <Link to={back} className="btn btn-secondary btn-sm">
            {t('disclosure.liveLink')}
          </Link>
          <Link to={`/pack-detail/record?${query}`} className="btn btn-secondary btn-sm">
            {t('disclosure.recordLink')}
          </Link>
          <Link to={`/pack-detail/verify?${query}`} className="btn btn-secondary btn-sm">
            {t('disclosure.verifyLink')}
          </Link>
        </p>
      </section>

      <p className={styles.back}>
        <Link to={back} className="btn btn-secondary">
          {t('disclosure.back')}
        </Link>
      </p>
    </div>
  );
}

export default DisclosurePage;
