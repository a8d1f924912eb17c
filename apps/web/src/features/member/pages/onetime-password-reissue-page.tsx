import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RESET_CODE_MAX, resetPasswordSchema } from '@gacha/contract/account';
import { FormAlert, TextField } from '../../../components/form.tsx';
import { useCatalogue } from '../../../lib/i18n.ts';
import { schemaResolver } from '../../../lib/messages-resolver.ts';
import { useApiForm } from '../../../lib/use-api-form.ts';
import { resetPassword } from '../api/member-api.ts';
import styles from './member-pages.module.css';

interface CodeValues {
  code: string;
}

const resolver = schemaResolver<CodeValues>(resetPasswordSchema, (v) => v);

/**
 * /onetime-password-reissue (spec §2): step 2, the verification code (at most 20 characters); a temporary
 * password is mailed, then /complete-password-reissue (replacing this entry, so Back cannot return here).
 */
export function OnetimePasswordReissuePage() {
  const { t } = useTranslation('member');
  const msg = useCatalogue();
  const navigate = useNavigate();
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm({
    defaultValues: { code: '' },
    resolver,
    send: (values: CodeValues) => resetPassword(values.code.trim()),
    onSuccess: () => navigate('/complete-password-reissue', { replace: true }),
    fields: ['code'],
    refusal: 'code',
    refusalText: (res) => res.message ?? msg('invalid'),
    failure: 'form',
  });

  return (
    <div className="page page-narrow">
      <div className={`card ${styles.panel}`}>
        <div className={styles.head}>
          <h1 className={styles.title}>{t('reissue.codeTitle')}</h1>
          <p className={styles.lead}>{t('reissue.codeText')}</p>
        </div>
        {formMessage && <FormAlert>{formMessage}</FormAlert>}
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
          <TextField
            label={t('reissue.code')}
            hint={t('reissue.codeHint')}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            required
            error={form.formState.errors.code?.message}
            maxLength={RESET_CODE_MAX}
            {...form.register('code')}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
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
