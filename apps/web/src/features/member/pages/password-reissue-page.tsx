import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormAlert, TextField } from '../../../components/form.tsx';
import { firstError } from '../../../lib/api.ts';
import { useFieldSubmit } from '../../../lib/use-field-submit.ts';
import { createResetCode } from '../api/member-api.ts';
import styles from './member-pages.module.css';

/** /password-reissue (spec §2): step 1, the email; a one-time code is mailed, then /onetime-password-reissue. */
export function PasswordReissuePage() {
  const { t } = useTranslation('member');
  const navigate = useNavigate();
  const [mail, setMail] = useState('');
  const { ref, error, formMessage, sending, submit } = useFieldSubmit();

  const onSubmit = (e: FormEvent) =>
    submit(e, {
      empty: !mail.trim(),
      send: () => createResetCode(mail.trim()),
      onSuccess: () => navigate('/onetime-password-reissue', { replace: true }),
      fieldError: (res) => firstError(res.errors, 'mail'),
    });

  return (
    <div className="page page-narrow">
      <div className={`card ${styles.panel}`}>
        <div className={styles.head}>
          <h1 className={styles.title}>{t('reissue.title')}</h1>
          <p className={styles.lead}>{t('reissue.text')}</p>
        </div>
        {formMessage && <FormAlert>{formMessage}</FormAlert>}
        <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
          <TextField
            label={t('reissue.mail')}
            type="email"
            inputMode="email"
            autoComplete="email"
            name="mail"
            required
            ref={ref}
            value={mail}
            error={error}
            maxLength={254}
            onChange={(e) => setMail(e.target.value)}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
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
