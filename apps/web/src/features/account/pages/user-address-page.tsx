import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { JAPAN_COUNTRY_ID, type AppendAddressInput } from '@gacha/contract/user';
import {
  AddressFields,
  useRevalidateOnLanguageChange,
  useZipLookup,
  type AddressFieldName,
} from '../../../components/address-fields.tsx';
import { Checkbox, FormAlert, TextField } from '../../../components/form.tsx';
import { ApiBusyError } from '../../../lib/api.ts';
import {
  addressDefaults,
  addressErrors,
  addressPayload,
  appendAddress,
  showFieldErrors,
} from '../../../lib/append-address.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { catalogue, useCatalogue } from '../../../lib/i18n.ts';
import { useCountries, useCountryCheck } from '../../../lib/lookups.ts';
import { messagesResolver } from '../../../lib/messages-resolver.ts';
import { useUserDetail } from '../../../lib/user-detail.ts';
import styles from './user-address-page.module.css';

interface AddressForm {
  country_id: string;
  zipcode: string;
  pref_id: string;
  country: string;
  shiku: string;
  address: string;
  building: string;
  tel: string;
  referralCode: string;
  agree: boolean;
}

const fieldNames = [
  'country_id',
  'zipcode',
  'pref_id',
  'country',
  'shiku',
  'address',
  'building',
  'tel',
  'referralCode',
] as const;

/** Server error keys → form fields. */
const serverField: Record<string, keyof AddressForm> = { referral_code: 'referralCode' };

function toPayload(v: AddressForm): AppendAddressInput {
  return { ...addressPayload(v), referralCode: v.referralCode.trim() };
}

function validate(v: AddressForm): Partial<Record<keyof AddressForm, string>> {
  const out: Partial<Record<keyof AddressForm, string>> = addressErrors(
    toPayload(v),
    fieldNames,
    serverField,
  );
  if (!v.agree) out.agree = catalogue('terms_required');
  return out;
}

const resolver = messagesResolver<AddressForm>(validate);

/**
 * /user-address (spec §2): Country, Zip code, Prefecture (text), City, Address1, Address2, Tel, Referral Code
 * and the agreement; the form starts from what the member has stored (the phone number included), with the
 * query's values over it; a member who already has a country leaves to /; POST /user/append_address, state
 * 200 → /.
 */
export function UserAddressPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const check = useCountryCheck();
  const loggedIn = check.data?.is_login === '1';
  const detail = useUserDetail(loggedIn);

  useEffect(() => {
    if (check.data?.is_login === '1' && check.data.is_country === '1') navigate('/', { replace: true });
  }, [check.data, navigate]);

  if (check.isPending || (loggedIn && detail.isPending)) return <div className="page" aria-busy="true" />;
  return (
    <AddressFormPanel
      defaults={{
        ...addressDefaults(detail.data, params),
        referralCode: params.get('referralCode') ?? '',
        agree: false,
      }}
      loggedIn={loggedIn}
      telVerified={detail.data?.end_sms === '1'}
    />
  );
}

interface PanelProps {
  defaults: AddressForm;
  loggedIn: boolean;
  /** The stored phone number is verified by SMS: it changes only through support. */
  telVerified: boolean;
}

function AddressFormPanel({ defaults, loggedIn, telVerified }: PanelProps) {
  const { t } = useTranslation('account');
  const msg = useCatalogue();
  const navigate = useNavigate();
  const { data: countries = [] } = useCountries();
  const [formMessage, setFormMessage] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    trigger,
    getValues,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<AddressForm>({ defaultValues: defaults, resolver, shouldFocusError: false });
  const formRef = useRef<HTMLFormElement>(null);

  // the country select gets its options after the form mounted: put the query's value back once they arrive
  useEffect(() => {
    if (countries.length) setValue('country_id', getValues('country_id'));
  }, [countries.length, getValues, setValue]);

  const jp = Number(watch('country_id')) === JAPAN_COUNTRY_ID;
  useZipLookup(jp, watch('zipcode'), (fill) => {
    setValue('pref_id', fill.prefId);
    setValue('country', fill.prefecture, { shouldValidate: isSubmitted });
    setValue('shiku', fill.city, { shouldValidate: isSubmitted });
  });

  useRevalidateOnLanguageChange(isSubmitted, trigger);

  const onSubmit = handleSubmit(
    async (values) => {
      setFormMessage(null);
      try {
        const res = await appendAddress(toPayload(values));
        if (res.state === 200) {
          navigate('/', { replace: true });
          return;
        }
        if (res.state === 401) {
          setFormMessage(res.message ?? msg('not_logged_in'));
          return;
        }
        showFieldErrors(res.errors, fieldNames, setError, serverField);
        if (!Object.keys(res.errors ?? {}).length) setFormMessage(res.message ?? msg('server_error'));
      } catch (err) {
        if (!(err instanceof ApiBusyError)) setFormMessage(msg('server_error'));
      }
    },
    (invalid) => focusFirstError(formRef.current, invalid),
  );

  const addressErrors = Object.fromEntries(
    (['country_id', 'zipcode', 'pref_id', 'country', 'shiku', 'address', 'building', 'tel'] as const).map(
      (k) => [k, errors[k]?.message],
    ),
  );

  return (
    <div className="page page-narrow">
      <div className={`card ${styles.panel}`}>
        <h1 className="page-title">{t('address.title')}</h1>
        <p className={styles.lead}>{t('address.lead')}</p>
        {formMessage && (
          <FormAlert>
            {formMessage} {!loggedIn && <Link to="/login">{t('address.login')}</Link>}
          </FormAlert>
        )}
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
          <AddressFields
            field={(name: AddressFieldName) => register(name)}
            errors={addressErrors}
            countries={countries}
            prefs={[]}
            jp={jp}
            prefSelect={false}
            withTel
            telReadOnly={telVerified}
            shippingAddress
          />
          <TextField
            label={t('address.referralCode')}
            autoComplete="off"
            error={errors.referralCode?.message}
            {...register('referralCode')}
          />
          <div className={styles.terms}>
            <p className={styles.termsText}>
              <Link to="/terms-of-service" target="_blank" rel="noopener">
                {t('address.termsLink')}
              </Link>
            </p>
            <Checkbox label={t('address.agree')} error={errors.agree?.message} {...register('agree')} />
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
            {t('address.submit')}
          </button>
        </form>
      </div>
    </div>
  );
}

export default UserAddressPage;
