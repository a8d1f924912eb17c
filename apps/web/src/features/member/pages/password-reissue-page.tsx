import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormAlert, TextField } from '../../../components/form.tsx';
import { ApiBusyError, firstError } from '../../../lib/api.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { createResetCode } from '../api/member-api.ts';
import styles from './member-pages.module.css';

/** /password-reissue (spec §2): step 1, the email; a one-time code is mailed, then /onetime-password-reissue. */
export function PasswordReissuePage() {
  const { t } = useTranslation('member');
  const msg = useCatalogue();
  const navigate = useNavigate();
  const [mail, setMail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ref = useRef<HTMLInputElement>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormMessage(null);
    if (!mail.trim()) {
      setError(msg('required'));
      ref.current?.focus();
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const res = await createResetCode(mail.trim());
      if (res.state === 200) {
        navigate('/onetime-password-reissue', { replace: true });
        return;
      }
      const fieldError = firstError(res.errors, 'mail');
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
