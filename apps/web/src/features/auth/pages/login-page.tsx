import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Checkbox, FormAlert, PasswordField, TextField } from '../../../components/form.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { ApiBusyError, firstError } from '../../../lib/api.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { login } from '../api/login.ts';
import { OrDivider, SocialButtons } from '../components/social-buttons.tsx';
import styles from './auth-pages.module.css';

type Mode = '1' | '2';

interface LoginErrors {
  mail?: string;
  pass?: string;
}

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
  // account not registered yet) is our own extension with a link to registration.
  const flagMessage: string | null =
    params.get('login_error') === '2'
      ? 'social_not_registered'
      : params.has('Apple') || params.has('apple') || params.has('login_error')
        ? 'login_mismatch'
        : null;
  const [formMessage, setFormMessage] = useState<string | null>(null);

  // A two-field form kept in plain state: the Top page's bundle (which carries Login) stays small.
  const [mail, setMail] = useState('');
  const [pass, setPass] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const mailRef = useRef<HTMLInputElement>(null);
  const passRef = useRef<HTMLInputElement>(null);

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

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormMessage(null);
    const missing: LoginErrors = {
      mail: mail.trim() ? undefined : msg('required'),
      pass: pass ? undefined : msg('required'),
    };
    if (missing.mail || missing.pass) {
      setErrors(missing);
      (missing.mail ? mailRef : passRef).current?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const res = await login({
        mail: mail.trim(),
        pass,
        ...(remember ? { save_cookie: '1' as const } : {}),
      });
      if (res.state === 200) {
        navigate(packId ? `/pack-detail?${new URLSearchParams({ packId })}` : '/', { replace: true });
        return;
      }
      const next: LoginErrors = {
        mail: firstError(res.errors, 'mail'),
        pass: firstError(res.errors, 'pass'),
      };
      // a throttle (429) or any other refusal without field errors: its message goes under the email field
      if (!next.mail && !next.pass) next.mail = res.message ?? msg('login_failed');
      setErrors(next);
      (next.mail ? mailRef : passRef).current?.focus();
    } catch (err) {
      if (!(err instanceof ApiBusyError)) setFormMessage(msg('server_error'));
    } finally {
      setSubmitting(false);
    }
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
              <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
                <TextField
                  label={t('fields.mail')}
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  required
                  error={errors.mail}
                  ref={mailRef}
                  name="mail"
                  value={mail}
                  onChange={(e) => setMail(e.target.value)}
                />
                <PasswordField
                  label={t('fields.pass')}
                  autoComplete="current-password"
                  required
                  error={errors.pass}
                  ref={passRef}
                  name="pass"
                  value={pass}
                  onChange={(e) => setPass(e.target.value)}
                />
                <div className={styles.row}>
                  <Checkbox
                    label={t('login.remember')}
                    name="save_cookie"
                    checked={remember}
                    onChange={(e) => setRemember(e.target.checked)}
                  />
                  <Link to="/password-reissue" className={styles.link}>
                    {t('login.forgot')}
                  </Link>
                </div>
                <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
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
