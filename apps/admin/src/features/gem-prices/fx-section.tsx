import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFxSetSchema } from '@gacha/contract/admin-shop';
import { fxRoute, setFxRoute } from '@gacha/contract/routes/admin-shop';
import { FormField, FormMessage } from '../../components/form-field.tsx';
import { call, unwrap } from '../../lib/api.ts';
import { formatJst } from '../../lib/format.ts';
import { schemaResolver, useApiForm } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import styles from './gem-prices.module.css';
import { TableWrap } from '../../components/table-wrap.tsx';
import { TableHead } from '@gacha/client/components/table-head';

const FX_KEY = ['admin', 'fx'] as const;

/** 'YYYY-MM' of the month after the present one in Japan (the rate staff usually set next). */
export function nextJstMonth(now = Date.now()): string {
  const d = new Date(now + 9 * 3600_000);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export function formatRate(rate: number, lang: string): string {
  return rate.toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-US', { maximumFractionDigits: 3 });
}

type Values = { month: string; rate: string };

/**
 * The dollar rate (GET /api/admin/fx): the one in force and since when, the months set; a month's rate is set
 * with POST /api/admin/fx {month, rate} and applies from that month's 1st, 12:00 JST.
 */
export function FxSection({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation(['shop', 'console']);
  const lang = useLang();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const fx = useQuery({
    queryKey: FX_KEY,
    queryFn: async () => unwrap(await call(fxRoute, {})),
  });

  const payload = (v: Values) => ({
    month: v.month.trim(),
    rate: v.rate.trim() === '' ? undefined : Number(v.rate),
  });
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<Values, object>({
    defaultValues: { month: nextJstMonth(), rate: '' },
    resolver: schemaResolver<Values>(adminFxSetSchema, payload),
    send: (v) => call(setFxRoute, { body: payload(v) }),
    fields: ['month', 'rate'],
    onSuccess: async (_res, v) => {
      await queryClient.invalidateQueries({ queryKey: FX_KEY });
      setDone(t('gemPrices.fx.saved', { month: v.month, rate: formatRate(Number(v.rate), lang) }));
      form.reset({ month: v.month, rate: '' });
    },
  });
  const { errors } = form.formState;
  const current = fx.data?.current;

  return (
    <section id="fx" className={`panel ${styles.section}`} aria-labelledby="fx-title">
      <div className={styles.sectionHead}>
        <h2 id="fx-title">{t('gemPrices.fx.title')}</h2>
      </div>
      {fx.isError ? <p role="alert">{fx.error.message}</p> : null}
      {fx.isPending ? <p className="loading">{t('console:common.loading')}</p> : null}
      <div className={styles.fxLayout}>
        <div>
          {current ? (
            <>
              <p className={styles.current} data-testid="fx-current">
                <span className={styles.rate}>
                  {t('gemPrices.fx.rateValue', { rate: formatRate(current.rate, lang) })}
                </span>
                <span>
                  {t('gemPrices.fx.since', { month: current.month, since: formatJst(current.since) })}
                </span>
              </p>
            </>
          ) : null}
          <p className="muted">{t('gemPrices.fx.intro')}</p>
          <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={t('gemPrices.fx.set')}>
            <FormMessage message={formMessage} />
            <div role="status">{done ? <p className="success">{done}</p> : null}</div>
            <fieldset disabled={!canWrite}>
              <legend>{t('gemPrices.fx.set')}</legend>
              <div className={styles.fxForm}>
                <FormField label={t('gemPrices.fx.month')} error={errors.month?.message}>
                  {(p) => <input {...p} type="month" placeholder="2026-12" {...form.register('month')} />}
                </FormField>
                <FormField label={t('gemPrices.fx.rate')} error={errors.rate?.message}>
                  {(p) => (
                    <input
                      {...p}
                      type="number"
                      inputMode="decimal"
                      step="0.001"
                      min={0}
                      placeholder="150"
                      {...form.register('rate')}
                    />
                  )}
                </FormField>
                {canWrite ? (
                  <button type="submit" className="button-primary" disabled={pending}>
                    {t('console:common.save')}
                  </button>
                ) : null}
              </div>
            </fieldset>
          </form>
        </div>
        <div>
          <h3>{t('gemPrices.fx.history')}</h3>
          {fx.data?.list.length ? (
            <TableWrap label={t('gemPrices.fx.history')} className={styles.history}>
              <table className="data-table">
                <TableHead
                  caption={t('gemPrices.fx.history')}
                  columns={[t('gemPrices.fx.month'), { label: t('gemPrices.fx.rate'), className: 'num' }]}
                />
                <tbody>
                  {fx.data.list.map((r) => (
                    <tr key={r.month} aria-current={r.month === current?.month ? 'true' : undefined}>
                      <td>
                        {r.month}
                        {r.month === current?.month ? ' ' : null}
                        {r.month === current?.month ? (
                          <span className="status status-on_sale">{t('gemPrices.fx.inForce')}</span>
                        ) : null}
                      </td>
                      <td className="num">{formatRate(r.rate, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          ) : fx.data ? (
            <p className="muted">{t('gemPrices.fx.none')}</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
