import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RESET_CODE_MAX } from '@gacha/contract/account';
import { FormAlert, TextField } from '../../../components/form.tsx';
import { ApiBusyError, firstError } from '../../../lib/api.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { resetPassword } from '../api/member-api.ts';
import styles from './member-pages.module.css';

/**
 * /onetime-password-reissue (spec §2): step 2, the verification code (at most 20 characters); a temporary
 * password is mailed, then /complete-password-reissue (replacing this entry, so Back cannot return here).
 */
export function OnetimePasswordReissuePage() {
  const { t } = useTranslation('member');
  const msg = useCatalogue();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ref = useRef<HTMLInputElement>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormMessage(null);
    if (!code.trim()) {
      setError(msg('required'));
      ref.current?.focus();
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const res = await resetPassword(code.trim());
      if (res.state === 200) {
        navigate('/complete-password-reissue', { replace: true });
        return;
      }
      const fieldError = firstError(res.errors, 'code') ?? res.message ?? msg('invalid');
      setError(fieldError);
      ref.current?.focus();
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
          <h1 className={styles.title}>{t('reissue.codeTitle')}</h1>
          <p className={styles.lead}>{t('reissue.codeText')}</p>
        </div>
        {formMessage && <FormAlert>{formMessage}</FormAlert>}
        <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
          <TextField
            label={t('reissue.code')}
            hint={t('reissue.codeHint')}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            required
            ref={ref}
            value={code}
            error={error}
            maxLength={RESET_CODE_MAX}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={sending}>
            {t('reissue.submitCode')}
          </button>
        </form>
        <Link to="/password-reissue" replace className={styles.link}>
          {t('reissue.resend')}
        </Link>
      </div>
    </div>
  );
}

export default OnetimePasswordReissuePage;
