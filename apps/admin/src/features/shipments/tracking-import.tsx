import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { adminTrackingImportResultSchema } from '@gacha/contract/admin-shipping';
import {
  TRACKING_CSV_MAX_CHARS,
  TRACKING_CSV_MAX_LINES,
  type AdminTrackingLine,
} from '@gacha/contract/admin-shipping';
import { trackingImportRoute } from '@gacha/contract/routes/admin-shipping';
import type { z } from 'zod';
import { CsvImport } from '../../components/csv-import.tsx';
import { Modal } from '../../components/modal.tsx';
import { useLang } from '../../lib/i18n.ts';
import { carrierName, SHIPMENTS_KEY } from './shipment-query.ts';

/** The "Import tracking codes (CSV)" button and its dialog (shipping.write). */
export function TrackingImportButton({ onDone }: { onDone: (m: string) => void }) {
  const { t } = useTranslation('shipping');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {t('import.button')}
      </button>
      <Modal open={open} size="large" title={t('import.title')} onClose={() => setOpen(false)}>
        {(close) => <TrackingImport close={close} onDone={onDone} />}
      </Modal>
    </>
  );
}

/**
 * The CSV import of tracking codes (POST /api/admin/shipments/tracking-import {csv, dry_run}, components/csv-import.tsx):
 * each line's batch, carrier and code in the report, or why it is refused (an unknown batch, a batch not open, a
 * line twice, a bad carrier or code).
 */
export function TrackingImport({ close, onDone }: { close: () => void; onDone: (m: string) => void }) {
  const { t } = useTranslation('shipping');
  const lang = useLang();
  const queryClient = useQueryClient();
  return (
    <CsvImport<AdminTrackingLine, z.infer<typeof adminTrackingImportResultSchema>>
      route={trackingImportRoute}
      maxChars={TRACKING_CSV_MAX_CHARS}
      texts="shipping:import"
      intro={t('import.intro', { max: TRACKING_CSV_MAX_LINES })}
      sample={'shipment_id,carrier,tracking_code\n12,japan_post,EJ123456789JP\n13,yamato,4412-3456-7890'}
      columns={[
        { header: t('batch'), cell: (l) => (l.shipment_id !== null ? `#${l.shipment_id}` : '—') },
        { header: t('carrier'), cell: (l) => (l.carrier ? carrierName(l.carrier, lang) : '—') },
        {
          header: t('trackingCode'),
          cell: (l) => (l.tracking_code ? <code>{l.tracking_code}</code> : '—'),
        },
      ]}
      applied={(r) => t('import.applied', { count: r.shipped })}
      checked={(r) => t('import.checked', { count: r.lines.length })}
      onApplied={async (_, message) => {
        onDone(message);
        await queryClient.invalidateQueries({ queryKey: SHIPMENTS_KEY });
      }}
      close={close}
    />
  );
}
