import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertModal } from '../../../components/alert-modal.tsx';
import { FormAlert, PasswordField } from '../../../components/form.tsx';
import { ApiBusyError, firstError } from '../../../lib/api.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { changePassword } from '../api/member-api.ts';
import styles from './member-pages.module.css';

/**
 * /change-password (spec §2): new password and confirmation, Setup and Back (to /my-page). errors.pass shows
 * under both inputs; the success alert (OK, Escape or a click outside it) goes to /my-page.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('member');
  const msg = useCatalogue();
  const navigate = useNavigate();
  const [pass, setPass] = useState('');
  const [confirmPass, setConfirmPass] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ref = useRef<HTMLInputElement>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormMessage(null);
    if (!pass) {
      setError(msg('required'));
      ref.current?.focus();
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const res = await changePassword(pass, confirmPass);
      if (res.state === 200) {
        setDone(res.message ?? msg('password_changed'));
        return;
      }
      const fieldError = firstError(res.errors, 'pass') ?? firstError(res.errors, 'confirmPass');
      if (fieldError) {
        setError(fieldError);
        ref.current?.focus();
      } else setFormMessage(res.message ?? msg('server_error'));
    } catch (err) {
      if (!(err instanceof ApiBusyError)) setFormMessage(msg('server_error'));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="page page-narrow">
      <div className={`card ${styles.panel}`}>
        <div className={styles.head}>
          <h1 className={styles.title}>{t('changePassword.title')}</h1>
          <p className={styles.lead}>{t('changePassword.text')}</p>
        </div>
        {formMessage && <FormAlert>{formMessage}</FormAlert>}
        <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
          <PasswordField
            label={t('changePassword.pass')}
            name="pass"
            autoComplete="new-password"
            required
            ref={ref}
            value={pass}
            error={error}
            maxLength={20}
            onChange={(e) => setPass(e.target.value)}
          />
          <PasswordField
            label={t('changePassword.confirmPass')}
            name="confirmPass"
            autoComplete="new-password"
            required
            value={confirmPass}
            error={error}
            maxLength={20}
            onChange={(e) => setConfirmPass(e.target.value)}
          />
          <div className={styles.actions}>
            <Link to="/my-page" className="btn btn-secondary">
              {t('changePassword.back')}
            </Link>
            <button type="submit" className="btn btn-primary" disabled={sending}>
              {t('changePassword.setup')}
            </button>
          </div>
        </form>
      </div>
      <AlertModal
        open={done !== null}
        title={t('changePassword.doneTitle')}
        onOk={() => navigate('/my-page', { replace: true })}
      >
        {done}
      </AlertModal>
    </div>
  );
}

export default ChangePasswordPage;
