import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@gacha/contract/draws';
import { refusalView, type Refusal } from './refusal.ts';

/**
 * The refusals of a purchase on a page: `show` opens the balance modal (`short`, for NotEnoughModal) or puts the
 * message in `message`, as refusalView decides; `setMessage` shows a message of the page's own (no answer).
 */
export function usePurchaseRefusal() {
  const { t } = useTranslation('gacha');
  const [short, setShort] = useState<Currency | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const show = (refusal: Refusal) => {
    const view = refusalView(refusal, t('detail.countError'));
    if (view.kind === 'short') setShort(view.currency);
    else setMessage(view.text);
  };
  return { short, closeShort: () => setShort(null), message, setMessage, show };
}
