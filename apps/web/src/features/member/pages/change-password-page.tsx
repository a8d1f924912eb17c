import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema } from '@gacha/contract/account';
import { AlertModal } from '../../../components/alert-modal.tsx';
import { FormAlert, PasswordField } from '../../../components/form.tsx';
import { useCatalogue } from '../../../lib/i18n.ts';
import { schemaResolver } from '../../../lib/messages-resolver.ts';
import { useApiForm } from '../../../lib/use-api-form.ts';
import { useUserDetail } from '../../../lib/user-detail.ts';
import { changePassword } from '../api/member-api.ts';
import styles from './member-pages.module.css';

interface PasswordValues {
  currentPass: string;
  pass: string;
  confirmPass: string;
}

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
  const [done, setDone] = useState<string | null>(null);
  // members who signed up with Google or Apple send no current password
  const toPayload = (v: PasswordValues) => ({
    ...(hasPassword ? { currentPass: v.currentPass } : {}),
    pass: v.pass,
    confirmPass: v.confirmPass,
  });
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm({
    defaultValues: { currentPass: '', pass: '', confirmPass: '' },
    resolver: schemaResolver<PasswordValues>(changePasswordSchema, toPayload),
    send: (values: PasswordValues) =>
      changePassword(values.pass, values.confirmPass, hasPassword ? values.currentPass : undefined),
    onSuccess: (res) => setDone(res.message ?? msg('password_changed')),
    fields: hasPassword ? ['currentPass', 'pass', 'confirmPass'] : ['pass', 'confirmPass'],
  });
  const { errors } = form.formState;
  // spec §5: the new password's message shows under both of its inputs
  const passError = errors.pass?.message ?? errors.confirmPass?.message;

  return (
    <div className="page page-narrow">
      <div className={`card ${styles.panel}`}>
        <div className={styles.head}>
          <h1 className={styles.title}>{t('changePassword.title')}</h1>
          <p className={styles.lead}>{t('changePassword.text')}</p>
        </div>
        {formMessage && <FormAlert>{formMessage}</FormAlert>}
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
          {hasPassword && (
            <PasswordField
              label={t('changePassword.currentPass')}
              autoComplete="current-password"
              required
              error={errors.currentPass?.message}
              maxLength={100}
              {...form.register('currentPass')}
            />
          )}
          <PasswordField
            label={t('changePassword.pass')}
            autoComplete="new-password"
            required
            error={passError}
            maxLength={20}
            {...form.register('pass')}
          />
          <PasswordField
            label={t('changePassword.confirmPass')}
            autoComplete="new-password"
            required
            error={passError}
            maxLength={20}
            {...form.register('confirmPass')}
          />
          <div className={styles.actions}>
            <Link to="/my-page" className="btn btn-secondary">
              {t('changePassword.back')}
            </Link>
            <button type="submit" className="btn btn-primary" disabled={pending}>
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
