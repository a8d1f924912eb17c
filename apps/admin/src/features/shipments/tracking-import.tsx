import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  adminTrackingImportResultSchema,
  TRACKING_CSV_MAX_CHARS,
  TRACKING_CSV_MAX_LINES,
  type AdminTrackingLine,
} from '@gacha/contract/admin-shipping';
import { Modal } from '../../components/modal.tsx';
import { api, firstError, isOk } from '../../lib/api.ts';
import { catalogue, useSubmit } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import { carrierName, SHIPMENTS_KEY } from './shipment-query.ts';
import styles from './shipments.module.css';

/** The "Import tracking codes (CSV)" button and its dialog (shipping.write). */
export function TrackingImportButton({ onDone }: { onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {t('fulfil.import.button')}
      </button>
      <Modal open={open} size="large" title={t('fulfil.import.title')} onClose={() => setOpen(false)}>
        {(close) => <TrackingImport close={close} onDone={onDone} />}
      </Modal>
    </>
  );
}

/** The file's text as UTF-8 (FileReader: every browser, and the tests' DOM, which has no File.text). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file, 'utf-8');
  });
}

interface Report {
  kind: 'applied' | 'checked' | 'refused' | 'error';
  message: string;
  lines: AdminTrackingLine[];
}

/**
 * The CSV import of tracking codes (POST /api/admin/shipments/tracking-import {csv, dry_run}): the chosen file is
 * read as text and sent whole; "Check" asks for a dry run, "Import" applies it. The file is applied all or
 * nothing — the dialog says so — and the answer's report shows every line: fine, or why it is refused (an unknown
 * batch, a batch not open, a line twice, a bad carrier or code), with the file's own fault (unreadable, empty,
 * too long) above it.
 */
export function TrackingImport({ close, onDone }: { close: () => void; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const submit = useSubmit({
    mutationFn: async ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      api.post('admin/shipments/tracking-import', { csv, dry_run: dryRun }, adminTrackingImportResultSchema),
    onSuccess: async (res, { dryRun }) => {
      if (isOk(res)) {
        const r = res as unknown as { applied: boolean; shipped: number; lines: AdminTrackingLine[] };
        if (r.applied) {
          const message = t('fulfil.import.applied', { count: r.shipped });
          setReport({ kind: 'applied', message, lines: r.lines });
          onDone(message);
          await queryClient.invalidateQueries({ queryKey: SHIPMENTS_KEY });
        } else
          setReport({
            kind: 'checked',
            message: t('fulfil.import.checked', { count: r.lines.length }),
            lines: r.lines,
          });
        return;
      }
      const lines = Array.isArray(res.lines) ? (res.lines as AdminTrackingLine[]) : [];
      const why = firstError(res.errors, 'csv') ?? res.message ?? catalogue('server_error');
      setReport({
        kind: lines.length ? 'refused' : 'error',
        message: lines.length
          ? `${why} ${dryRun ? t('fulfil.import.refusedCheck') : t('fulfil.import.refusedNothing')}`
          : `${why} ${dryRun ? '' : t('fulfil.import.refusedNothing')}`.trim(),
        lines,
      });
    },
    onError: () => setReport({ kind: 'error', message: catalogue('server_error'), lines: [] }),
  });

  // the file is read when chosen, so a click sends at once and a double click sends once (useSubmit)
  const choose = async (chosen: File | null) => {
    setFile(null);
    setReport(null);
    setFileError(null);
    if (!chosen) return;
    let text: string;
    try {
      text = await readText(chosen);
    } catch {
      setFileError(catalogue('csv_unreadable'));
      return;
    }
    if (text.length > TRACKING_CSV_MAX_CHARS)
      setFileError(catalogue('too_long', { max: TRACKING_CSV_MAX_CHARS }));
    else setFile({ name: chosen.name, csv: text });
  };

  const send = (dryRun: boolean) => {
    setReport(null);
    if (!file) {
      setFileError((prev) => prev ?? t('fulfil.import.chooseFile'));
      return;
    }
    submit.send({ csv: file.csv, dryRun });
  };

  // an applied or refused file gives the same answer again: choose it (or its fixed copy) anew
  const answered = report?.kind === 'applied' || report?.kind === 'refused';
  const bad = report?.lines.filter((l) => l.error).length ?? 0;
  return (
    <div>
      <p>{t('fulfil.import.intro', { max: TRACKING_CSV_MAX_LINES })}</p>
      <pre className={styles.sample}>
        {'shipment_id,carrier,tracking_code\n12,japan_post,EJ123456789JP\n13,yamato,4412-3456-7890'}
      </pre>
      <p className="note note-warn">{t('fulfil.import.allOrNothing')}</p>
      <div className="field">
        <label htmlFor={inputId}>{t('fulfil.import.file')}</label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-invalid={!!fileError}
          aria-describedby={fileError ? `${inputId}-error` : undefined}
          onChange={(e) => void choose(e.target.files?.[0] ?? null)}
        />
        {fileError ? (
          <p className="field-error" id={`${inputId}-error`}>
            {fileError}
          </p>
        ) : null}
      </div>
      <div className="actions">
        <button type="button" onClick={() => send(true)} disabled={submit.isPending || answered}>
          {t('fulfil.import.check')}
        </button>
        <button
          type="button"
          className="button-primary"
          onClick={() => send(false)}
          disabled={submit.isPending || answered}
        >
          {t('fulfil.import.submit')}
        </button>
        <button type="button" onClick={close}>
          {report?.kind === 'applied' ? t('common.close') : t('common.cancel')}
        </button>
      </div>
      <div aria-live="polite">
        {report ? (
          <div className={styles.report}>
            <p
              className={report.kind === 'applied' || report.kind === 'checked' ? 'success' : 'form-message'}
              role={report.kind === 'applied' || report.kind === 'checked' ? 'status' : 'alert'}
            >
              {report.message}
              {report.kind === 'refused' ? ` ${t('fulfil.import.badLines', { count: bad })}` : ''}
            </p>
            {report.lines.length ? (
              <div className="table-wrap">
                <table className="data-table">
                  <caption className="sr-only">{t('fulfil.import.report')}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className="num">
                        {t('fulfil.import.line')}
                      </th>
                      <th scope="col">{t('fulfil.batch')}</th>
                      <th scope="col">{t('fulfil.carrier')}</th>
                      <th scope="col">{t('fulfil.trackingCode')}</th>
                      <th scope="col">{t('fulfil.import.result')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.lines.map((l) => (
                      <tr key={l.line} className={l.error ? styles.badLine : undefined}>
                        <td className="num">{l.line}</td>
                        <td>{l.shipment_id !== null ? `#${l.shipment_id}` : '—'}</td>
                        <td>{l.carrier ? carrierName(l.carrier, lang) : '—'}</td>
                        <td>{l.tracking_code ? <code>{l.tracking_code}</code> : '—'}</td>
                        <td>{l.error ? (l.message ?? catalogue(l.error)) : t('fulfil.import.lineOk')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
