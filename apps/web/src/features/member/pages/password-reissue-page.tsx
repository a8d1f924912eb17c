import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createResetCodeSchema } from '@gacha/contract/account';
import { FormAlert, TextField } from '../../../components/form.tsx';
import { schemaResolver } from '../../../lib/messages-resolver.ts';
import { useApiForm } from '../../../lib/use-api-form.ts';
import { createResetCode } from '../api/member-api.ts';
import styles from './member-pages.module.css';

interface MailValues {
  mail: string;
}

const resolver = schemaResolver<MailValues>(createResetCodeSchema, (v) => v);

/** /password-reissue (spec §2): step 1, the email; a one-time code is mailed, then /onetime-password-reissue. */
export function PasswordReissuePage() {
  const { t } = useTranslation('member');
  const navigate = useNavigate();
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm({
    defaultValues: { mail: '' },
    resolver,
    send: (values: MailValues) => createResetCode(values.mail.trim()),
    onSuccess: () => navigate('/onetime-password-reissue', { replace: true }),
    fields: ['mail'],
  });

  return (
    <div className="page page-narrow">
      <div className={`card ${styles.panel}`}>
        <div className={styles.head}>
          <h1 className={styles.title}>{t('reissue.title')}</h1>
          <p className={styles.lead}>{t('reissue.text')}</p>
        </div>
        {formMessage && <FormAlert>{formMessage}</FormAlert>}
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label={t('reissue.mail')}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            error={form.formState.errors.mail?.message}
            maxLength={254}
            {...form.register('mail')}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
            {t('reissue.send')}
          </button>
        </form>
        <Link to="/login" className={styles.link}>
          {t('reissue.backToLogin')}
        </Link>
      </div>
    </div>
  );
}

export default PasswordReissuePage;
