import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkSmsSchema, SMS_CODE_LENGTH } from '@gacha/contract/account';
import { AlertModal } from '../../../components/alert-modal.tsx';
import { TextField } from '../../../components/form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useCatalogue } from '../../../lib/i18n.ts';
import { schemaResolver } from '../../../lib/messages-resolver.ts';
import { useApiForm } from '../../../lib/use-api-form.ts';
import { checkSms, sendSms } from '../api/member-api.ts';
import { sendOutcome } from '../sms-send.ts';
import styles from './sms-popup.module.css';

interface CodeValues {
  sms_code: string;
}

const resolver = schemaResolver<CodeValues>(checkSmsSchema, (v) => v);

interface SmsPopupProps {
  open: boolean;
  tel: string;
  onClose: () => void;
  /** The code was accepted: the caller closes the popup, reloads the user detail and shows the toast. */
  onVerified: () => void;
}

/**
 * The SMS popup (spec §2, §4, §8): sends a code to the member's tel when it opens (alert 'Please enter the code
 * sent by SMS'; a failure alerts errors.user_id and closes; the resend wait is shown in the popup, which stays
 * open for the code already received), then checks the 6-character code (a failure shows the first
 * errors.sms_code message under the input).
 */
export function SmsPopup({ open, tel, onClose, onVerified }: SmsPopupProps) {
  const { t } = useTranslation('member');
  const msg = useCatalogue();
  const [alert, setAlert] = useState<{ text: string; close: boolean } | null>(null);
  /** The resend wait: no new code now, but the one already received can be entered. */
  const [wait, setWait] = useState<string | null>(null);
  const sentFor = useRef(false);
  const { form, formRef, onSubmit, pending } = useApiForm({
    defaultValues: { sms_code: '' },
    resolver,
    send: (values: CodeValues) => checkSms(values.sms_code.trim()),
    onSuccess: onVerified,
    fields: ['sms_code'],
    refusal: 'sms_code',
    refusalText: (res) => res.message ?? msg('invalid'),
  });
  const code = form.register('sms_code');

  useEffect(() => {
    if (!open) {
      sentFor.current = false;
      return;
    }
    if (sentFor.current) return; // one send per opening (StrictMode runs effects twice)
    sentFor.current = true;
    form.reset({ sms_code: '' });
    setWait(null);
    if (!tel) {
      setAlert({ text: t('sms.noTel'), close: true });
      return;
    }
    sendSms(tel).then(
      (res) => {
        const outcome = sendOutcome(res, msg('sms_send_failed'));
        if (outcome.kind === 'sent') setAlert({ text: msg('sms_sent'), close: false });
        else if (outcome.kind === 'wait') setWait(outcome.text);
        else setAlert({ text: outcome.text, close: true });
      },
      () => setAlert({ text: msg('server_error'), close: true }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, tel]);

  const closeAlert = () => {
    const closeToo = alert?.close;
    setAlert(null);
    if (closeToo) onClose();
  };

  return (
    <>
      <Modal open={open && !alert?.close} title={t('sms.title')} onClose={onClose}>
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
          {tel && <p className={styles.text}>{t('sms.text', { tel })}</p>}
          {wait && (
            <p className={styles.wait} role="status">
              {t('sms.enterReceived', { wait })}
            </p>
          )}
          <TextField
            label={t('sms.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={SMS_CODE_LENGTH}
            required
            error={form.formState.errors.sms_code?.message}
            className={styles.codeField}
            data-autofocus
            {...code}
            onChange={(e) => {
              e.target.value = e.target.value.replace(/\s/g, '');
              return code.onChange(e);
            }}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {t('sms.submit')}
          </button>
        </form>
      </Modal>
      <AlertModal open={open && alert !== null} onOk={closeAlert}>
        {alert?.text}
      </AlertModal>
    </>
  );
}
