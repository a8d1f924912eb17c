import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertModal } from '../../../components/alert-modal.tsx';
import { FormAlert, PasswordField } from '../../../components/form.tsx';
import { firstError } from '../../../lib/api.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { useFieldSubmit } from '../../../lib/use-field-submit.ts';
import { useUserDetail } from '../../../lib/user-detail.ts';
import { changePassword } from '../api/member-api.ts';
import styles from './member-pages.module.css';

/**
 * /change-password (spec §2): new password and confirmation, Setup and Back (to /my-page). errors.pass shows
 * under both inputs; the success alert (OK, Escape or a click outside it) goes to /my-page. A member who has a
 * password also gives the current one (errors.currentPass under it); one who signed up with Google or Apple
 * sets a first password within minutes of logging in, or is told to log in again.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('member');
  const msg = useCatalogue();
  const navigate = useNavigate();
  const { data: detail } = useUserDetail();
  const hasPassword = detail?.has_password !== '0';
  const [currentPass, setCurrentPass] = useState('');
  const [currentError, setCurrentError] = useState<string | undefined>();
  const currentRef = useRef<HTMLInputElement>(null);
  const [pass, setPass] = useState('');
  const [confirmPass, setConfirmPass] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { ref, error, formMessage, sending, submit } = useFieldSubmit();

  const onSubmit = (e: FormEvent) =>
    submit(e, {
      empty: !pass,
      send: () => {
        setCurrentError(undefined);
        return changePassword(pass, confirmPass, hasPassword ? currentPass : undefined);
      },
      onSuccess: (res) => setDone(res.message ?? msg('password_changed')),
      fieldError: (res) => {
        const passError = firstError(res.errors, 'pass') ?? firstError(res.errors, 'confirmPass');
        const current = firstError(res.errors, 'currentPass');
        if (passError || !current || !hasPassword) return passError;
        setCurrentError(current);
        currentRef.current?.focus();
        return null;
      },
    });

  return (
    <div className="page page-narrow">
      <div className={`card ${styles.panel}`}>
        <div className={styles.head}>
          <h1 className={styles.title}>{t('changePassword.title')}</h1>
          <p className={styles.lead}>{t('changePassword.text')}</p>
        </div>
        {formMessage && <FormAlert>{formMessage}</FormAlert>}
        <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
          {hasPassword && (
            <PasswordField
              ref={currentRef}
              label={t('changePassword.currentPass')}
              name="currentPass"
              autoComplete="current-password"
              required
              value={currentPass}
              error={currentError}
              maxLength={100}
              onChange={(e) => setCurrentPass(e.target.value)}
            />
          )}
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
