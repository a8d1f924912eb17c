import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  appendAddressSchema,
  JAPAN_COUNTRY_ID,
  OVERSEAS_PREF_ID,
  type AppendAddressInput,
} from '@gacha/contract/user';
import {
  AddressFields,
  useRevalidateOnLanguageChange,
  useZipLookup,
  type AddressFieldName,
} from '../../../components/address-fields.tsx';
import { FormAlert } from '../../../components/form.tsx';
import { ApiBusyError } from '../../../lib/api.ts';
import { catalogue, useCatalogue } from '../../../lib/i18n.ts';
import { useCountries } from '../../../lib/lookups.ts';
import { appendAddress } from '../api/append-address.ts';
import styles from './shipping-address-form.module.css';

type Values = Record<AddressFieldName, string>;
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

function toPayload(v: Values): AppendAddressInput {
  const jp = Number(v.country_id) === JAPAN_COUNTRY_ID;
  return {
    country_id: (v.country_id ? Number(v.country_id) : undefined) as number,
    tel: v.tel.trim(),
    zipcode: v.zipcode.trim(),
    country: v.country.trim(),
    pref_id: jp && v.pref_id ? Number(v.pref_id) : OVERSEAS_PREF_ID,
    shiku: v.shiku.trim(),
    address: v.address.trim(),
    building: v.building.trim(),
  };
}

const resolver: Resolver<Values> = async (values) => {
  const parsed = appendAddressSchema.safeParse(toPayload(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (errors[name] || !(FIELDS as readonly string[]).includes(name)) continue;
    const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
    errors[name] = {
      type: 'validate',
      message: catalogue(issue.message, max !== undefined ? { max } : {}),
    };
  }
  return { values: {}, errors };
};

/**
 * The shipping address asked for before the first shipment (spec §2 Final confirm): the shared address block,
 * POST /user/append_address, then `onSaved`. Japan can be chosen but is not shipped to (spec §8).
 */
export function ShippingAddressForm({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) {
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
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<Values>({
    defaultValues: {
      country_id: '',
      zipcode: '',
      pref_id: '',
      country: '',
      shiku: '',
      address: '',
      building: '',
      tel: '',
    },
    resolver,
  });
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
      const res = await appendAddress(toPayload(values));
      if (res.state === 200) {
        onSaved();
        return;
      }
      const entries = Object.entries(res.errors ?? {});
      let shown = false;
      entries.forEach(([name, list], i) => {
        if ((FIELDS as readonly string[]).includes(name) && list[0]) {
          setError(name as AddressFieldName, { type: 'server', message: list[0] }, { shouldFocus: i === 0 });
          shown = true;
        }
      });
      if (!shown) setFormError(res.message ?? entries[0]?.[1][0] ?? msg('server_error'));
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
        countryRequired
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
