import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { packSummaryRoute } from '@gacha/contract/routes/admin-catalogue';
import { call, unwrap } from '../../lib/api.ts';
import { formatNumber, formatPercent } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';

/** The publish summary of a pack (GET /api/admin/packs/{id}/summary); the prizes editor refreshes it on save. */
export function usePackSummary(packId: number, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'pack-summary', packId],
    queryFn: async () => unwrap(await call(packSummaryRoute, { params: { id: packId } })),
    enabled,
    staleTime: 0,
  });
}

/**
 * What publishing will sell and what it pays out: lots, last-one prizes, takings at full sale, the prizes'
 * conversion value, the payout ratio and the expected prize value of a play against its price — with a warning
 * when the payout is above the shop's threshold (PAYOUT_WARNING_PERCENT). Shown on a draft's page and again in
 * the publish dialog.
 */
export function PackSummary({ packId, paymentMethod }: { packId: number; paymentMethod: number }) {
  const { t } = useTranslation('console');
  const lang = useLang();
  const summary = usePackSummary(packId);
  const s = summary.data;
  const unit = paymentMethod === 2 ? t('packs.coins') : t('packs.gems');
  const coin = paymentMethod === 2;
  if (summary.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (summary.isError) return <p role="alert">{summary.error.message}</p>;
  if (!s) return null;
  return (
    <>
      <dl className="summary" aria-label={t('packs.economics')}>
        <div>
          <dt>{t('packs.summaryLots')}</dt>
          <dd data-testid="summary-lots">{formatNumber(s.lots, lang)}</dd>
        </div>
        <div>
          <dt>{t('packs.summaryLastOne')}</dt>
          <dd>{formatNumber(s.last_one, lang)}</dd>
        </div>
        <div>
          <dt>{t('packs.summaryFullSale')}</dt>
          <dd data-testid="summary-full-sale">
            {formatNumber(s.full_sale, lang)} {unit}
          </dd>
        </div>
        <div>
          <dt>{t('packs.summaryConversion')}</dt>
          <dd>
            {formatNumber(s.conversion_value, lang)} {t('packs.gems')}
          </dd>
        </div>
        <div>
          <dt>{t('packs.summaryPerPlay')}</dt>
          <dd data-testid="summary-per-play">
            {coin
              ? '—'
              : t('packs.perPlayAgainst', {
                  value: formatNumber(Math.round(s.value_per_play), lang),
                  price: formatNumber(s.price, lang),
                })}
          </dd>
        </div>
        <div>
          <dt>{t('packs.summaryPayout')}</dt>
          <dd data-testid="summary-payout">{coin ? '—' : formatPercent(s.payout_ratio, lang)}</dd>
        </div>
      </dl>
      {s.payout_warning ? (
        <p className="note note-warn" data-testid="payout-warning">
          {t('packs.payoutWarning', {
            payout: formatPercent(s.payout_ratio, lang),
            threshold: formatPercent(s.payout_warning_ratio, lang),
          })}
        </p>
      ) : null}
      <h3>{t('packs.summaryPerRarity')}</h3>
      <ul className="per-rarity">
        {s.lots_per_rarity.map((r) => (
          <li key={r.rarity}>
            {t('packs.rarityShort', { rarity: r.rarity })}: {formatNumber(r.lots, lang)}
          </li>
        ))}
      </ul>
      {!s.ready ? (
        <p className="form-message" role="alert">
          {t('packs.notReady')}
        </p>
      ) : null}
    </>
  );
}
