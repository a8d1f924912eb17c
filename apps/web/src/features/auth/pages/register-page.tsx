import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ADDRESS_FIELD_NAMES,
  AddressFields,
  useRevalidateOnLanguageChange,
  useZipLookup,
  type AddressFieldName,
} from '../../../components/address-fields.tsx';
import { AlertModal } from '../../../components/alert-modal.tsx';
import { Checkbox, FormAlert, PasswordField, TextField } from '../../../components/form.tsx';
import { catalogue, useCatalogue } from '../../../lib/i18n.ts';
import { usePrefList, useCountries } from '../../../lib/lookups.ts';
import { messagesResolver } from '../../../lib/messages-resolver.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { useSubmit } from '@gacha/client/use-submit';
import { confirmUser } from '../api/registration.ts';
import { OrDivider, SocialButtons } from '../components/social-buttons.tsx';
import {
  emptyRegisterForm,
  isJapanMode,
  readDraft,
  readSecret,
  saveDraft,
  saveSecret,
  serverErrorsToForm,
  toPayload,
  validateRegistration,
  type RegisterFormValues,
} from '../registration.ts';
import styles from './auth-pages.module.css';

const appleMessages: Record<string, string> = {
  '1': 'apple_link_failed',
  '2': 'apple_unlink_retry',
  '3': 'already_registered',
};

/** /user-register?google=1|3 after a Google registration redirect (contract SIGN_IN_FLAG_MESSAGES). */
const googleMessages: Record<string, string> = {
  '1': 'login_mismatch',
  '3': 'already_registered',
};

/**
 * /user-register (spec §2, §4, §5): Google, Apple or own registration. The own form checks itself with the
 * contract's registrationSchema, then asks the server (POST /user/confirm), then goes to
 * /confirm-user-register with every value but the password in the query.
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const msg = useCatalogue();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const apple = params.get('apple') ?? '';
  const google = params.get('google') ?? '';
  const flagKey = googleMessages[google] ?? appleMessages[apple];
  const { data: countries = [] } = useCountries();
  // google=3 / apple=3: 'already registered' alert, then /login (spec §8)
  const [alreadyRegistered, setAlreadyRegistered] = useState<string | null>(() =>
    flagKey === 'already_registered' ? msg('already_registered') : null,
  );
  const [formMessage, setFormMessage] = useState<string | null>(null);

  const initial = useMemo<RegisterFormValues>(
    // the draft kept while typing (back from the confirm page, a reload), and the password kept for that page
    () => ({ ...(readDraft() ?? emptyRegisterForm), ...(readSecret() ?? {}) }),
    [],
  );

  const [countryId, setCountryId] = useState(initial.country_id);
  const jp = isJapanMode(countryId);
  const { data: prefs = [] } = usePrefList(jp);

  const resolver = messagesResolver<RegisterFormValues>((values) =>
    validateRegistration(values, catalogue, prefs),
  );

  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    trigger,
    getValues,
    formState: { errors, isSubmitted },
  } = useForm<RegisterFormValues>({
    defaultValues: initial,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);

  // the selects get their options after the form mounted: put the kept values back once they arrive
  useEffect(() => {
    if (countries.length) setValue('country_id', getValues('country_id'));
  }, [countries.length, getValues, setValue]);
  useEffect(() => {
    if (prefs.length) setValue('pref_id', getValues('pref_id'));
  }, [prefs.length, getValues, setValue]);

  useEffect(() => {
    const subscription = watch((values) => saveDraft(values));
    return () => subscription.unsubscribe();
  }, [watch]);

  const agree = watch('agree');
  const zipcode = watch('zipcode');
  const watchedCountry = watch('country_id');

  useEffect(() => {
    if (watchedCountry === countryId) return;
    const wasJp = isJapanMode(countryId);
    setCountryId(watchedCountry);
    if (wasJp !== isJapanMode(watchedCountry)) {
      setValue('pref_id', '');
      setValue('country', '');
    }
  }, [watchedCountry, countryId, setValue]);

  useZipLookup(jp, zipcode, (fill) => {
    setValue('pref_id', fill.prefId, { shouldValidate: isSubmitted });
    setValue('country', fill.prefecture);
    setValue('shiku', fill.city, { shouldValidate: isSubmitted });
  });

  useRevalidateOnLanguageChange(isSubmitted, trigger);

  const check = useSubmit({
    mutationFn: (values: RegisterFormValues) => confirmUser(toPayload(values, prefs)),
    onSuccess: (res, values) => {
      if (res.state === 200) {
        // the confirm page reads the values from sessionStorage: nothing personal goes into its address
        saveDraft(values);
        saveSecret(values.pass, values.confirmPass);
        navigate('/confirm-user-register');
        return;
      }
      if (res.state === 999) {
        setAlreadyRegistered(res.message ?? msg('already_registered'));
        return;
      }
      const fieldErrors = serverErrorsToForm(res.errors);
      for (const [field, message] of Object.entries(fieldErrors)) {
        setError(field as keyof RegisterFormValues, { type: 'server', message });
      }
      focusFirstError(formRef.current, fieldErrors);
      if (!Object.keys(fieldErrors).length) setFormMessage(res.message ?? msg('server_error'));
    },
    onError: () => setFormMessage(msg('server_error')),
  });

  const onSubmit = handleSubmit(
    (values) => {
      setFormMessage(null);
      check.send(values);
    },
    (invalid) => focusFirstError(formRef.current, invalid),
  );

  const field = (name: AddressFieldName) => register(name);
  const addressErrors = Object.fromEntries(ADDRESS_FIELD_NAMES.map((k) => [k, errors[k]?.message]));

  return (
    <div className={styles.page}>
      <div className={`${styles.panel} ${styles.wide}`}>
        <div className={styles.hero}>
          <h1 className={styles.title}>{t('register.title')}</h1>
          <p className={styles.subtitle}>{t('register.subtitle')}</p>
        </div>

        <div className={styles.stack}>
          {flagKey && (
            <FormAlert>
              {msg(flagKey)}{' '}
              {flagKey === 'already_registered' && (
                <Link to="/login" className={styles.link}>
                  {t('login.tab')}
                </Link>
              )}
            </FormAlert>
          )}
          {formMessage && <FormAlert>{formMessage}</FormAlert>}

          <SocialButtons create packId={params.get('packId')} />
          <OrDivider>{t('register.orOwn')}</OrDivider>

          <form
            ref={formRef}
            className={styles.form}
            onSubmit={onSubmit}
            noValidate
            aria-label={t('register.formLabel')}
            onKeyDown={(e) => {
              // Without the (hidden) submit button Enter would not submit: check anyway, so the member learns
              // why ('Please agree to the terms of service', spec §5).
              const target = e.target as HTMLElement;
              if (
                e.key === 'Enter' &&
                !agree &&
                target instanceof HTMLInputElement &&
                target.type !== 'checkbox'
              ) {
                e.preventDefault();
                void onSubmit();
              }
            }}
          >
            <section className={styles.section} aria-labelledby="reg-name">
              <h2 id="reg-name" className={styles.sectionTitle}>
                {t('register.sections.name')}
              </h2>
              <div className={styles.grid3}>
                <TextField
                  label={t('fields.lastName')}
                  autoComplete="family-name"
                  required
                  error={errors.lastName?.message}
                  {...register('lastName')}
                />
                <TextField
                  label={t('fields.middleName')}
                  autoComplete="additional-name"
                  error={errors.middleName?.message}
                  {...register('middleName')}
                />
                <TextField
                  label={t('fields.firstName')}
                  autoComplete="given-name"
                  required
                  error={errors.firstName?.message}
                  {...register('firstName')}
                />
              </div>
            </section>

            <section className={styles.section} aria-labelledby="reg-address">
              <h2 id="reg-address" className={styles.sectionTitle}>
                {t('register.sections.address')}
              </h2>
              <p className={styles.lookupNote}>{t('register.addressNote')}</p>
              <AddressFields
                field={field}
                errors={addressErrors}
                countries={countries}
                prefs={prefs}
                jp={jp}
                prefSelect={jp}
                withTel
              />
            </section>

            <section className={styles.section} aria-labelledby="reg-account">
              <h2 id="reg-account" className={styles.sectionTitle}>
                {t('register.sections.account')}
              </h2>
              <TextField
                label={t('fields.mail')}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                hint={t('register.mailHint')}
                error={errors.mail?.message}
                {...register('mail')}
              />
              <div className={styles.grid2}>
                <PasswordField
                  label={t('fields.pass')}
                  autoComplete="new-password"
                  required
                  hint={t('register.passHint')}
                  error={errors.pass?.message}
                  {...register('pass')}
                />
                <PasswordField
                  label={t('fields.confirmPass')}
                  autoComplete="new-password"
                  required
                  error={errors.confirmPass?.message}
                  {...register('confirmPass')}
                />
              </div>
              <TextField
                label={t('fields.referralCode')}
                autoComplete="off"
                hint={t('register.referralHint')}
                error={errors.referralCode?.message}
                {...register('referralCode')}
              />
            </section>

            <div className={styles.terms}>
              <p className={styles.termsText}>
                {t('register.termsText')}{' '}
                <Link to="/terms-of-service" target="_blank" rel="noopener">
                  {t('register.termsLink')}
                </Link>
                {' · '}
                <Link to="/privacy-protection" target="_blank" rel="noopener">
                  {t('register.privacyLink')}
                </Link>
              </p>
              <Checkbox label={t('register.agree')} error={errors.agree?.message} {...register('agree')} />
            </div>

            <div className={styles.actions}>
              {agree ? (
                <button type="submit" className="btn btn-primary" disabled={check.isPending}>
                  {t('register.check')}
                </button>
              ) : (
                <p className={styles.lookupNote} aria-live="polite">
                  {t('register.tickToContinue')}
                </p>
              )}
            </div>
          </form>
        </div>
      </div>

      <AlertModal
        open={alreadyRegistered !== null}
        onOk={() => {
          setAlreadyRegistered(null);
          navigate('/login');
        }}
      >
        {alreadyRegistered}
      </AlertModal>
    </div>
  );
}

export default RegisterPage;
