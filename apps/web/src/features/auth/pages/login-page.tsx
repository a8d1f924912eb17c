import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginSchema, type LoginInput } from '@gacha/contract/user';
import { SIGN_IN_FLAG_MESSAGES } from '@gacha/contract/account';
import { Checkbox, FormAlert, PasswordField, TextField } from '../../../components/form.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { useCatalogue } from '../../../lib/i18n.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { schemaResolver } from '../../../lib/messages-resolver.ts';
import { useApiForm } from '../../../lib/use-api-form.ts';
import { login } from '../api/login.ts';
import { OrDivider, SocialButtons } from '../components/social-buttons.tsx';
import styles from './auth-pages.module.css';

type Mode = '1' | '2';

interface LoginValues {
  mail: string;
  pass: string;
  save_cookie: boolean;
}

const toPayload = (v: LoginValues): LoginInput => ({
  mail: v.mail.trim(),
  pass: v.pass,
  ...(v.save_cookie ? { save_cookie: '1' as const } : {}),
});
const resolver = schemaResolver<LoginValues>(loginSchema, toPayload);

/**
 * /login (spec §2): tabs Login (mode=1) and Member Registration (mode=2), Google/Apple, email and password,
 * Remember me (save_cookie "1"), Enter submits, the first errors.mail / errors.pass message under its field,
 * then /pack-detail?packId= when packId was given, else /. Query Apple or login_error shows the mismatch text.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const msg = useCatalogue();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const mode: Mode = params.get('mode') === '2' ? '2' : '1';
  const packId = params.get('packId');
  // The redirect flags of Google/Apple sign-in. Spec §2: "Query flags Apple or login_error show the mismatch
  // message", so ?Apple (any value, either case) and ?login_error show 'login_mismatch'; login_error=2 (a social
  // account not registered yet) and 3 (suspended by staff) are our own extensions (contract SIGN_IN_FLAG_MESSAGES).
  const loginError = params.get('login_error');
  const flagMessage: string | null =
    loginError === '2' || loginError === '3'
      ? SIGN_IN_FLAG_MESSAGES.login_error[loginError]
      : params.has('Apple') || params.has('apple') || params.has('login_error')
        ? 'login_mismatch'
        : null;
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm({
    defaultValues: { mail: '', pass: '', save_cookie: false },
    resolver,
    send: (values: LoginValues) => login(toPayload(values)),
    onSuccess: () =>
      navigate(packId ? `/pack-detail?${new URLSearchParams({ packId })}` : '/', { replace: true }),
    fields: ['mail', 'pass'],
    // a throttle (429) or any other refusal without field errors: its message goes under the email field
    refusal: 'mail',
    refusalText: (res) => res.message ?? msg('login_failed'),
    failure: 'form',
  });
  const { register, formState } = form;
  // a served page: Login stays disabled until the app runs it, as BUY does (a tap or Enter before then would post
  // the form to the server, which cannot sign in from it); react-hook-form keeps what was typed meanwhile
  const hydrated = useHydrated();
  const { errors } = formState;

  const setMode = (next: Mode) => {
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev);
        q.set('mode', next);
        return q;
      },
      { replace: true },
    );
  };

  const tabs = [
    { value: '1' as Mode, label: t('login.tab') },
    { value: '2' as Mode, label: t('register.tab') },
  ];

  return (
    <div className={styles.page}>
      <div className={styles.panel}>
        <div className={styles.hero}>
          <h1 className={styles.title}>{mode === '1' ? t('login.title') : t('register.choiceTitle')}</h1>
          <p className={styles.subtitle}>
            {mode === '1' ? t('login.subtitle') : t('register.choiceSubtitle')}
          </p>
        </div>
        <Tabs
          items={tabs}
          value={mode}
          onChange={setMode}
          label={t('login.tabsLabel')}
          variant="underline"
          idBase="auth"
        >
          {mode === '1' ? (
            <div className={styles.stack}>
              {flagMessage && (
                <FormAlert>
                  {msg(flagMessage)}
                  {flagMessage === 'social_not_registered' && (
                    <>
                      {' '}
                      <button type="button" className={styles.linkButton} onClick={() => setMode('2')}>
                        {t('register.tab')}
                      </button>
                    </>
                  )}
                </FormAlert>
              )}
              {formMessage && <FormAlert>{formMessage}</FormAlert>}
              <SocialButtons packId={packId} />
              <OrDivider>{t('login.orEmail')}</OrDivider>
              {/* method="post": should it ever be sent before the app runs (its button is disabled until then), the
                  password never goes into an address */}
              <form ref={formRef} className={styles.form} onSubmit={onSubmit} method="post" noValidate>
                <TextField
                  label={t('fields.mail')}
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  required
                  error={errors.mail?.message}
                  {...register('mail')}
                />
                <PasswordField
                  label={t('fields.pass')}
                  autoComplete="current-password"
                  required
                  error={errors.pass?.message}
                  {...register('pass')}
                />
                <div className={styles.row}>
                  <Checkbox label={t('login.remember')} {...register('save_cookie')} />
                  <Link to="/password-reissue" className={styles.link}>
                    {t('login.forgot')}
                  </Link>
                </div>
                <button type="submit" className="btn btn-primary btn-block" disabled={!hydrated || pending}>
                  {t('login.submit')}
                </button>
              </form>
              <p className={styles.switch}>
                {t('login.noAccount')}{' '}
                <button type="button" className={styles.linkButton} onClick={() => setMode('2')}>
                  {t('register.tab')}
                </button>
              </p>
            </div>
          ) : (
            <div className={styles.stack}>
              <ul className={styles.perks}>
                <li>{t('register.perks.free')}</li>
                <li>{t('register.perks.referral')}</li>
                <li>{t('register.perks.shipping')}</li>
              </ul>
              <SocialButtons create packId={packId} />
              <OrDivider>{t('login.or')}</OrDivider>
              <Link to="/user-register" className="btn btn-primary btn-block">
                {t('register.withEmail')}
              </Link>
              <p className={styles.switch}>
                {t('register.haveAccount')}{' '}
                <button type="button" className={styles.linkButton} onClick={() => setMode('1')}>
                  {t('login.tab')}
                </button>
              </p>
            </div>
          )}
        </Tabs>
      </div>
    </div>
  );
}

export default LoginPage;
