import { useTranslation } from 'react-i18next';
import type { Currency } from '@gacha/contract/draws';
import { CoinIcon, GemIcon } from '../../../components/currency-icons.tsx';
import { formatCoinTenths, formatGems } from '../../../lib/format.ts';

/** Gems are whole numbers; coins travel in tenths (DOMAIN.md Units). */
export function formatAmount(currency: Currency, wire: number): string {
  return currency === 'coin' ? formatCoinTenths(wire) : formatGems(wire);
}

interface AmountProps {
  currency: Currency;
  /** Gems, or coin tenths. */
  value: number;
  icon?: boolean;
  sign?: '+' | '-';
  className?: string;
}

/** An amount with its unit: "1,000 gems", "12.5 coins". */
export function Amount({ currency, value, icon = true, sign, className }: AmountProps) {
  const { t } = useTranslation('gacha');
  const unit = currency === 'coin' ? t('unit.coins') : t('unit.gems');
  return (
    <span className={className} style={{ display: 'inline-flex', alignItems: 'center', gap: 5 }}>
      {icon && (currency === 'coin' ? <CoinIcon size={18} /> : <GemIcon size={18} />)}
      <span className="num">
        {sign}
        {formatAmount(currency, value)}
      </span>
      <span>{unit}</span>
    </span>
  );
}
