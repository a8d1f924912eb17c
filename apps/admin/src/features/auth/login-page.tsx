import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { adminCodeSchema, adminLoginSchema } from '@gacha/contract/admin';
import {
  confirmEnrolmentRoute,
  staffLoginRoute,
  staffLogoutRoute,
  startEnrolmentRoute,
  verifyCodeRoute,
} from '@gacha/contract/routes/admin-session';
import { LanguageSwitch } from '../../app/language-switch.tsx';
import { FormField, FormMessage } from '../../components/form-field.tsx';
import { call, unwrap, type ApiAnswer } from '../../lib/api.ts';
import { schemaResolver, useApiForm } from '../../lib/forms.ts';
import { isSignedIn, ME_KEY, useMe } from '../../lib/me.ts';

/**
 * /admin/login: the password, then the second factor. A staff member without an authenticator yet sets one up
 * (the QR code and its key as text, the first code, then the ten recovery codes shown once); one with an
 * authenticator gives its code, or a recovery code. A reload in the middle resumes at the step /me names.
 */
type Step = 'password' | 'enrol' | 'verify' | 'codes';

export function LoginPage() {
  const { t } = useTranslation('console');
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  // why the password step is shown again (too many wrong codes voided the session)
  const [notice, setNotice] = useState<string | null>(null);

  const back = params.get('back');
  const target = back && back.startsWith('/') && !back.startsWith('//') ? back : '/';

  // where a reload resumes: signed in with the password, the second factor still to give
  const resumed: Step | null =
    me.data?.signed_in && !me.data.second_factor ? (me.data.enrolled ? 'verify' : 'enrol') : null;
  const current: Step = step ?? resumed ?? 'password';

  const lockedOut = async (message: string) => {
    queryClient.removeQueries({ queryKey: ['admin', 'totp-start'] });
    await queryClient.invalidateQueries({ queryKey: ME_KEY });
    setNotice(message);
    setStep('password');
  };

  const finish = async () => {
    await queryClient.invalidateQueries({ queryKey: ME_KEY });
    void navigate(target, { replace: true });
  };

  if (me.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (isSignedIn(me.data) && current !== 'codes') return <Navigate to={target} replace />;

  return (
    <div className="login-screen">
      <div className="login-top">
        <LanguageSwitch />
      </div>
      <main className="login-card" id="main">
        <h1>{t('login.title')}</h1>
        {current === 'password' ? (
          <PasswordStep
            notice={notice}
            onNext={(next) => {
              setNotice(null);
              setStep(next);
            }}
          />
        ) : null}
        {current === 'enrol' ? (
          <EnrolStep
            onEnrolled={(list) => {
              setCodes(list);
              setStep('codes');
            }}
            onLockedOut={lockedOut}
          />
        ) : null}
        {current === 'verify' ? <VerifyStep onVerified={finish} onLockedOut={lockedOut} /> : null}
        {current === 'codes' ? <RecoveryCodes codes={codes} onDone={finish} /> : null}
        {current !== 'password' && current !== 'codes' ? (
          <StartOver onDone={() => setStep('password')} />
        ) : null}
      </main>
    </div>
  );
}

function PasswordStep({
  onNext,
  notice,
}: {
  onNext: (next: 'enrol' | 'verify') => void;
  notice: string | null;
}) {
  const { t } = useTranslation('console');
  const queryClient = useQueryClient();
  type Values = { email: string; password: string };
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<Values, { next: 'enrol' | 'verify' }>({
    defaultValues: { email: '', password: '' },
    resolver: schemaResolver<Values>(adminLoginSchema, (v) => v),
    send: (values) => call(staffLoginRoute, { body: values }),
    fields: ['email', 'password'],
    onSuccess: async (res) => {
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
      onNext(res.next);
    },
  });
  const { errors } = form.formState;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="password-step-title">
      <h2 id="password-step-title">{t('login.passwordStep')}</h2>
      <FormMessage message={formMessage ?? notice} />
      <FormField label={t('login.email')} error={errors.email?.message}>
        {(p) => <input {...p} type="email" autoComplete="username" {...form.register('email')} />}
      </FormField>
      <FormField label={t('login.password')} error={errors.password?.message}>
        {(p) => (
          <input {...p} type="password" autoComplete="current-password" {...form.register('password')} />
        )}
      </FormField>
      <button type="submit" className="button-primary" disabled={pending}>
        {t('login.signIn')}
      </button>
    </form>
  );
}

type CodeValues = { code: string };

function CodeField({
  form,
  label,
}: {
  form: ReturnType<typeof useApiForm<CodeValues, object>>['form'];
  label: string;
}) {
  return (
    <FormField label={label} error={form.formState.errors.code?.message}>
      {(p) => (
        <input
          {...p}
          className="code-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.register('code')}
        />
      )}
    </FormField>
  );
}

/** Sends a code; too many wrong ones (429) void the session, and the password step is shown again. */
async function sendCode<R extends object>(
  call: Promise<ApiAnswer<R>>,
  onLockedOut: (message: string) => void | Promise<void>,
): Promise<ApiAnswer<R>> {
  const res = await call;
  if (res.state === 429) await onLockedOut(typeof res.message === 'string' ? res.message : '');
  return res;
}

function EnrolStep({
  onEnrolled,
  onLockedOut,
}: {
  onEnrolled: (codes: string[]) => void;
  onLockedOut: (message: string) => Promise<void>;
}) {
  const { t } = useTranslation('console');
  // a new secret each call: asked once (a query, not refetched; StrictMode's second mount shares it)
  const enrolment = useQuery({
    queryKey: ['admin', 'totp-start'],
    queryFn: async () => unwrap(await call(startEnrolmentRoute, {})),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<
    CodeValues,
    { recovery_codes: string[] }
  >({
    defaultValues: { code: '' },
    resolver: schemaResolver<CodeValues>(adminCodeSchema, (v) => ({ code: v.code.trim() })),
    send: (v) => sendCode(call(confirmEnrolmentRoute, { body: { code: v.code.trim() } }), onLockedOut),
    fields: ['code'],
    onSuccess: (res) => onEnrolled(res.recovery_codes),
  });

  if (enrolment.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (enrolment.isError) return <p role="alert">{enrolment.error.message || t('common.loadFailed')}</p>;
  const { qr_svg, secret } = enrolment.data;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="enrol-title">
      <h2 id="enrol-title">{t('login.enrolTitle')}</h2>
      <p>{t('login.enrolIntro')}</p>
      <img
        className="qr"
        width={200}
        height={200}
        // the server's SVG as an image: nothing in it can run or reach the page
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr_svg)}`}
        alt={t('login.qrAlt')}
      />
      <p className="secret">
        <span id="totp-secret-label">{t('login.secretLabel')}</span>{' '}
        <code aria-labelledby="totp-secret-label" data-testid="totp-secret">
          {secret}
        </code>
      </p>
      <FormMessage message={formMessage} />
      <CodeField form={form} label={t('login.code')} />
      <button type="submit" className="button-primary" disabled={pending}>
        {t('login.confirmCode')}
      </button>
    </form>
  );
}

function VerifyStep({
  onVerified,
  onLockedOut,
}: {
  onVerified: () => void;
  onLockedOut: (message: string) => Promise<void>;
}) {
  const { t } = useTranslation('console');
  const [recovery, setRecovery] = useState(false);
  type Values = { code: string; recovery_code: string };
  const payload = (v: Values) =>
    recovery ? { recovery_code: v.recovery_code.trim() } : { code: v.code.trim() };
  const { form, formRef, onSubmit, pending, formMessage, setFormMessage } = useApiForm<Values, object>({
    defaultValues: { code: '', recovery_code: '' },
    resolver: schemaResolver<Values>(adminCodeSchema, payload, {
      extra: (v): Record<string, string> =>
        recovery && !v.recovery_code.trim() ? { recovery_code: t('login.recoveryRequired') } : {},
    }),
    send: (v) => sendCode(call(verifyCodeRoute, { body: payload(v) }), onLockedOut),
    fields: ['code', 'recovery_code'],
    onSuccess: onVerified,
  });
  const { errors } = form.formState;

  useEffect(() => {
    form.clearErrors();
    setFormMessage(null);
    // the field of the chosen way takes the focus
    form.setFocus(recovery ? 'recovery_code' : 'code');
  }, [recovery, form, setFormMessage]);

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="verify-title">
      <h2 id="verify-title">{t('login.verifyTitle')}</h2>
      <p>{recovery ? t('login.recoveryIntro') : t('login.verifyIntro')}</p>
      <FormMessage message={formMessage} />
      {recovery ? (
        <FormField label={t('login.recoveryCode')} error={errors.recovery_code?.message}>
          {(p) => <input {...p} autoComplete="off" spellCheck={false} {...form.register('recovery_code')} />}
        </FormField>
      ) : (
        <FormField label={t('login.code')} error={errors.code?.message}>
          {(p) => (
            <input
              {...p}
              className="code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              {...form.register('code')}
            />
          )}
        </FormField>
      )}
      <div className="actions">
        <button type="submit" className="button-primary" disabled={pending}>
          {t('login.verify')}
        </button>
        <button type="button" className="button-link" onClick={() => setRecovery((r) => !r)}>
          {recovery ? t('login.useApp') : t('login.useRecovery')}
        </button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('console');
  return (
    <section aria-labelledby="codes-title">
      <h2 id="codes-title">{t('login.codesTitle')}</h2>
      <p>{t('login.codesIntro')}</p>
      <ol className="recovery-codes" aria-label={t('login.codesTitle')}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="button-primary" onClick={onDone}>
        {t('login.codesSaved')}
      </button>
    </section>
  );
}

/** Another account: ends the half-done session and shows the password step. */
function StartOver({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('console');
  const queryClient = useQueryClient();
  return (
    <p className="start-over">
      <button
        type="button"
        className="button-link"
        onClick={async () => {
          await call(staffLogoutRoute, {}).catch(() => undefined);
          queryClient.removeQueries({ queryKey: ['admin', 'totp-start'] });
          await queryClient.invalidateQueries({ queryKey: ME_KEY });
          onDone();
        }}
      >
        {t('login.startOver')}
      </button>
    </p>
  );
}
