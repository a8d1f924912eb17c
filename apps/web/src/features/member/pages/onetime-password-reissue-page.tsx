import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RESET_CODE_MAX } from '@gacha/contract/account';
import { FormAlert, TextField } from '../../../components/form.tsx';
import { firstError } from '../../../lib/api.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { useFieldSubmit } from '../../../lib/use-field-submit.ts';
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
  const { ref, error, formMessage, sending, submit } = useFieldSubmit();

  const onSubmit = (e: FormEvent) =>
    submit(e, {
      empty: !code.trim(),
      send: () => resetPassword(code.trim()),
      onSuccess: () => navigate('/complete-password-reissue', { replace: true }),
      fieldError: (res) => firstError(res.errors, 'code') ?? res.message ?? msg('invalid'),
    });

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
