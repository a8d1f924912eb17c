import { useEffect, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { IdName } from '@gacha/contract/user';
import { Options } from '@gacha/client/components/options';
import { lookupZipcode, normaliseJapaneseZip, zipAddressText } from '../lib/lookups.ts';
import { SelectField, TextField } from './form.tsx';
import { JapanNotice } from './japan-notice.tsx';
import styles from './address-fields.module.css';

export type AddressFieldName =
  'country_id' | 'zipcode' | 'pref_id' | 'country' | 'shiku' | 'address' | 'building' | 'tel';

/** The address block's fields in the order it shows them. */
export const ADDRESS_FIELD_NAMES: readonly AddressFieldName[] = [
  'country_id',
  'zipcode',
  'pref_id',
  'country',
  'shiku',
  'address',
  'building',
  'tel',
];

interface AddressFieldsProps {
  field: (name: AddressFieldName) => UseFormRegisterReturn;
  errors: Partial<Record<AddressFieldName, string | undefined>>;
  countries: readonly IdName[];
  prefs: readonly IdName[];
  /** Japan is chosen: the zip look-up runs. */
  jp: boolean;
  /** Show the prefecture as a select of /user/pref_list (registration in jp mode); otherwise free text. */
  prefSelect: boolean;
  /** Which fields to include, in order; tel is optional here (registration places it elsewhere). */
  withTel?: boolean;
  /** The stored tel is verified by SMS: shown, not editable (it changes only through support). */
  telReadOnly?: boolean;
  /**
   * The shipping address of POST /user/append_address: country, city and the first address line are required
   * there (appendAddressSchema) and marked so; at registration every address field is optional.
   */
  shippingAddress?: boolean;
  /** Say, when Japan is chosen, that gems cannot be bought (off where the form says its own Japan refusal). */
  gemsNotice?: boolean;
}

/**
 * Country, zip code, prefecture, city, address 1 and 2 (and tel): the address block shared by registration
 * and address registration. Choosing Japan says, next to the country, that gems cannot be bought for shipping
 * there, before the member gets anywhere near a payment.
 */
export function AddressFields({
  field,
  errors,
  countries,
  prefs,
  jp,
  prefSelect,
  withTel = false,
  telReadOnly = false,
  shippingAddress = false,
  gemsNotice = true,
}: AddressFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.block}>
      <div>
        <SelectField
          label={t('address.country')}
          required={shippingAddress}
          error={errors.country_id}
          {...field('country_id')}
        >
          <option value="">{t('address.countryPlaceholder')}</option>
          <Options of={countries} value={(c) => c.id} label={(c) => c.name} />
        </SelectField>
        {gemsNotice && <JapanNotice show={jp} lead={t('address.japanNotice')} />}
      </div>
      <div className={styles.zipRow}>
        <TextField
          label={t('address.zipcode')}
          inputMode={jp ? 'numeric' : 'text'}
          autoComplete="postal-code"
          placeholder={jp ? t('address.zipPlaceholderJp') : t('address.zipPlaceholder')}
          hint={jp ? t('address.zipHintJp') : undefined}
          error={errors.zipcode}
          {...field('zipcode')}
        />
        {prefSelect ? (
          <SelectField
            label={t('address.prefecture')}
            error={errors.pref_id ?? errors.country}
            {...field('pref_id')}
          >
            <option value="">{t('address.prefPlaceholder')}</option>
            <Options of={prefs} value={(p) => p.id} label={(p) => p.name} />
          </SelectField>
        ) : (
          <TextField
            label={t('address.prefectureText')}
            autoComplete="address-level1"
            error={errors.country ?? errors.pref_id}
            {...field('country')}
          />
        )}
      </div>
      <TextField
        label={t('address.city')}
        required={shippingAddress}
        autoComplete="address-level2"
        error={errors.shiku}
        {...field('shiku')}
      />
      <TextField
        label={t('address.address1')}
        required={shippingAddress}
        autoComplete="address-line1"
        error={errors.address}
        {...field('address')}
      />
      <TextField
        label={t('address.address2')}
        autoComplete="address-line2"
        error={errors.building}
        {...field('building')}
      />
      {withTel && (
        <TextField
          label={t('address.tel')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('address.telPlaceholder')}
          readOnly={telReadOnly}
          hint={telReadOnly ? t('address.telVerified') : undefined}
          error={errors.tel}
          {...field('tel')}
        />
      )}
    </div>
  );
}

/** A zip look-up hit as the form fills it: the prefecture id and, in the member's language, prefecture and city. */
export interface ZipFill {
  prefId: string;
  prefecture: string;
  city: string;
}

/**
 * Runs the zip look-up (POST /address/zipcode) when Japan is chosen and the zip code has exactly 7 digits,
 * once per distinct code (spec §5).
 */
export function useZipLookup(jp: boolean, zipcode: string, onResult: (fill: ZipFill) => void): void {
  const { i18n } = useTranslation();
  const callback = useRef(onResult);
  useEffect(() => {
    callback.current = onResult;
  });
  const lang = useRef(i18n.resolvedLanguage ?? 'en');
  lang.current = i18n.resolvedLanguage ?? 'en';
  const zip = jp ? normaliseJapaneseZip(zipcode) : null;
  // A zip code the form started with (coming back from the confirm page, query values) is not looked up
  // again, so edits made after the first look-up stay.
  const initial = useRef<string | null>(zip);
  useEffect(() => {
    if (!zip || zip === initial.current) return undefined;
    initial.current = null;
    let cancelled = false;
    lookupZipcode(zip)
      .then((hit) => {
        if (!hit || cancelled) return;
        callback.current({ prefId: String(Number(hit.prefcode)), ...zipAddressText(hit, lang.current) });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [zip]);
}

/** A submitted form's messages follow the language switch: validate again when the language changes. */
export function useRevalidateOnLanguageChange(isSubmitted: boolean, trigger: () => Promise<boolean>): void {
  const { i18n } = useTranslation();
  const revalidate = useRef(() => {});
  revalidate.current = () => {
    if (isSubmitted) void trigger();
  };
  useEffect(() => revalidate.current(), [i18n.resolvedLanguage]);
}
