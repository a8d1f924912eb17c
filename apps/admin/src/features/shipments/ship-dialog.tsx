import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { carriers, shipSchema, type AdminShipment, type CarrierKey } from '@gacha/contract/draws';
import { FormField, FormMessage } from '../../components/form-field.tsx';
import { Modal } from '../../components/modal.tsx';
import { correctTrackingRoute, shipBatchRoute } from '@gacha/contract/routes/admin-shipping';
import { Options } from '@gacha/client/components/options';
import { call } from '../../lib/api.ts';
import { catalogue, schemaResolver, useApiForm } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import { carrierName, SHIPMENTS_KEY } from './shipment-query.ts';

/**
 * A batch's Ship button and its dialog (shipping.write; the page leaves it out otherwise); for a shipped batch,
 * `correct` makes it the correction of its carrier and tracking code.
 */
export function ShipButton({
  shipment,
  onDone,
  correct = false,
}: {
  shipment: AdminShipment;
  onDone: (m: string) => void;
  correct?: boolean;
}) {
  const { t } = useTranslation('shipping');
  const [open, setOpen] = useState(false);
  const texts = correct ? 'correct' : 'ship';
  return (
    <>
      <button
        type="button"
        className={correct ? undefined : 'button-primary'}
        onClick={() => setOpen(true)}
        aria-label={correct ? t('correct.label', { id: shipment.id }) : undefined}
      >
        {t(`${texts}.button`)}
      </button>
      <Modal open={open} title={t(`${texts}.title`, { id: shipment.id })} onClose={() => setOpen(false)}>
        {(close) => (
          <ShipForm
            correct={correct}
            shipment={shipment}
            close={close}
            onDone={(m) => {
              onDone(m);
              close();
            }}
          />
        )}
      </Modal>
    </>
  );
}

type Values = { carrier: CarrierKey | ''; delivery_code: string };

/**
 * Marks one batch shipped (POST /api/admin/shipments/{id}/ship {carrier, delivery_code}): the member sees the
 * tracking code in their buying history and is emailed. The carrier is required here (the API takes it optional).
 * `correct`: a shipped batch's carrier and code put right (POST …/{id}/tracking), shown to the member at once.
 */
function ShipForm({
  shipment,
  close,
  onDone,
  correct,
}: {
  shipment: AdminShipment;
  close: () => void;
  onDone: (m: string) => void;
  correct: boolean;
}) {
  const { t } = useTranslation(['shipping', 'console']);
  const lang = useLang();
  const queryClient = useQueryClient();
  const payload = (v: Values) => ({ delivery_code: v.delivery_code, carrier: v.carrier || undefined });
  const texts = correct ? 'correct' : 'ship';
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<Values, object>({
    defaultValues: correct
      ? { carrier: shipment.carrier ?? '', delivery_code: shipment.delivery_code ?? '' }
      : { carrier: '', delivery_code: '' },
    resolver: schemaResolver<Values>(shipSchema, payload, {
      extra: (v): Record<string, string> => (v.carrier ? {} : { carrier: catalogue('required') }),
    }),
    send: (v) =>
      correct
        ? call(correctTrackingRoute, { params: { id: shipment.id }, body: payload(v) })
        : call(shipBatchRoute, { params: { id: shipment.id }, body: payload(v) }),
    fields: ['carrier', 'delivery_code'],
    onSuccess: async (res, v) => {
      if (correct) {
        onDone(t('correct.done', { id: shipment.id, code: v.delivery_code }));
        await queryClient.invalidateQueries({ queryKey: SHIPMENTS_KEY });
        return;
      }
      const r = res as unknown as { shipment: { id: number; items: number; delivery_code: string } };
      onDone(t('ship.done', { id: r.shipment.id, count: r.shipment.items, code: r.shipment.delivery_code }));
      await queryClient.invalidateQueries({ queryKey: SHIPMENTS_KEY });
    },
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={t(`${texts}.title`, { id: shipment.id })}>
      <p>
        {t(`${texts}.intro`, {
          count: shipment.item_count,
          name: shipment.address.name || `#${shipment.user_id}`,
        })}
      </p>
      <FormMessage message={formMessage} />
      <FormField label={t('carrier')} error={form.formState.errors.carrier?.message}>
        {(f) => (
          <select {...f} {...form.register('carrier')}>
            <option value="">{t('ship.chooseCarrier')}</option>
            <Options of={carriers} label={(c) => carrierName(c, lang)} />
          </select>
        )}
      </FormField>
      <FormField label={t('trackingCode')} error={form.formState.errors.delivery_code?.message}>
        {(f) => <input {...f} autoComplete="off" maxLength={100} {...form.register('delivery_code')} />}
      </FormField>
      <div className="actions">
        <button type="submit" className="button-primary" disabled={pending}>
          {t(`${texts}.submit`)}
        </button>
        <button type="button" onClick={close}>
          {t('console:common.cancel')}
        </button>
      </div>
    </form>
  );
}
