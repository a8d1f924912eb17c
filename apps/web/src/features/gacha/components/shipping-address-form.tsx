import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { JAPAN_COUNTRY_ID } from '@gacha/contract/user';
import {
  AddressFields,
  useRevalidateOnLanguageChange,
  useZipLookup,
  type AddressFieldName,
} from '../../../components/address-fields.tsx';
import { FormAlert } from '../../../components/form.tsx';
import { ApiBusyError } from '../../../lib/api.ts';
import {
  addressDefaults,
  addressErrors,
  addressPayload,
  showFieldErrors,
  type AddressValues,
} from '../../../lib/append-address.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { messagesResolver } from '../../../lib/messages-resolver.ts';
import { useCountries } from '../../../lib/lookups.ts';
import { useUserDetail } from '../../../lib/user-detail.ts';
import { appendAddress } from '../api/append-address.ts';
import styles from './shipping-address-form.module.css';

type Values = AddressValues;
const FIELDS: readonly AddressFieldName[] = [
  'country_id',
  'zipcode',
  'pref_id',
  'country',
  'shiku',
  'address',
  'building',
  'tel',
];

const resolver = messagesResolver<Values>((values) => addressErrors(addressPayload(values), FIELDS));

interface FormProps {
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The shipping address asked for before the first shipment (spec §2 Final confirm): the shared address block,
 * starting from what the member has stored (the phone number included), POST /user/append_address, then
 * `onSaved`. Japan can be chosen but is not shipped to (spec §8).
 */
export function ShippingAddressForm(props: FormProps) {
  const detail = useUserDetail();
  if (detail.isPending) return <div className={styles.form} aria-busy="true" />;
  return (
    <AddressForm
      {...props}
      defaults={addressDefaults(detail.data)}
      telReadOnly={detail.data?.end_sms === '1'}
    />
  );
}

function AddressForm({
  onSaved,
  onCancel,
  defaults,
  telReadOnly,
}: FormProps & { defaults: Values; telReadOnly: boolean }) {
  const { t } = useTranslation('gacha');
  const msg = useCatalogue();
  const { data: countries = [] } = useCountries();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    trigger,
    getValues,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<Values>({ defaultValues: defaults, resolver });

  // the country select gets its options after the form mounted: put the stored value back once they arrive
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

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await appendAddress(addressPayload(values));
      if (res.state === 200) {
        onSaved();
        return;
      }
      if (!showFieldErrors(res.errors, FIELDS, setError)) {
        setFormError(res.message ?? Object.values(res.errors ?? {})[0]?.[0] ?? msg('server_error'));
      }
    } catch (err) {
      if (!(err instanceof ApiBusyError)) setFormError(msg('server_error'));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="shipping-address-title">
      <h2 id="shipping-address-title" className={styles.title}>
        {t('address.title')}
      </h2>
      <p className={styles.lead}>{t('address.lead')}</p>
      {formError && <FormAlert>{formError}</FormAlert>}
      {jp && <FormAlert tone="info">{msg('shipping_to_japan')}</FormAlert>}
      <AddressFields
        field={(name) => register(name)}
        errors={Object.fromEntries(FIELDS.map((k) => [k, errors[k]?.message]))}
        countries={countries}
        prefs={[]}
        jp={jp}
        prefSelect={false}
        withTel
        telReadOnly={telReadOnly}
        shippingAddress
      />
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('actions.back')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {t('address.save')}
        </button>
      </div>
    </form>
  );
}
