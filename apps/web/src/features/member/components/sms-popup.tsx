import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_CODE_LENGTH } from '@gacha/contract/account';
import { AlertModal } from '../../../components/alert-modal.tsx';
import { TextField } from '../../../components/form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ApiBusyError, firstError } from '../../../lib/api.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { checkSms, sendSms } from '../api/member-api.ts';
import { sendOutcome } from '../sms-send.ts';
import styles from './sms-popup.module.css';

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
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<{ text: string; close: boolean } | null>(null);
  const [checking, setChecking] = useState(false);
  /** The resend wait: no new code now, but the one already received can be entered. */
  const [wait, setWait] = useState<string | null>(null);
  const sentFor = useRef(false);

  useEffect(() => {
    if (!open) {
      sentFor.current = false;
      return;
    }
    if (sentFor.current) return; // one send per opening (StrictMode runs effects twice)
    sentFor.current = true;
    setCode('');
    setError(undefined);
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
      (err: unknown) => {
        if (!(err instanceof ApiBusyError)) setAlert({ text: msg('server_error'), close: true });
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, tel]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(msg('required'));
      return;
    }
    setError(undefined);
    setChecking(true);
    try {
      const res = await checkSms(value);
      if (res.state === 200) {
        onVerified();
        return;
      }
      setError(firstError(res.errors, 'sms_code') ?? res.message ?? msg('invalid'));
    } catch (err) {
      if (!(err instanceof ApiBusyError)) setError(msg('server_error'));
    } finally {
      setChecking(false);
    }
  };

  const closeAlert = () => {
    const closeToo = alert?.close;
    setAlert(null);
    if (closeToo) onClose();
  };

  return (
    <>
      <Modal open={open && !alert?.close} title={t('sms.title')} onClose={onClose}>
        <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
          {tel && <p className={styles.text}>{t('sms.text', { tel })}</p>}
          {wait && (
            <p className={styles.wait} role="status">
              {t('sms.enterReceived', { wait })}
            </p>
          )}
          <TextField
            label={t('sms.code')}
            name="sms_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={SMS_CODE_LENGTH}
            required
            value={code}
            error={error}
            className={styles.codeField}
            onChange={(e) => setCode(e.target.value.replace(/\s/g, ''))}
            data-autofocus
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={checking}>
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
