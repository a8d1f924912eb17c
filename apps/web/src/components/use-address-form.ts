import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { appendAddressSchema, JAPAN_COUNTRY_ID, type AppendAddressInput } from '@gacha/contract/user';
import type { ApiAnswer } from '../lib/api.ts';
import { addressPayload, appendAddress, type AddressValues } from '../lib/append-address.ts';
import { focusFirstError } from '../lib/focus-first-error.ts';
import { catalogue, useCatalogue } from '../lib/i18n.ts';
import { useCountries } from '../lib/lookups.ts';
import { messagesResolver, schemaMessages, showServerErrors } from '../lib/messages-resolver.ts';
import { useSubmit } from '@gacha/client/use-submit';
import {
  ADDRESS_FIELD_NAMES,
  useRevalidateOnLanguageChange,
  useZipLookup,
  type AddressFieldName,
} from './address-fields.tsx';

/** The address form's values: the address block, and the referral code and agreement of /user-address. */
export interface AddressFormValues extends AddressValues {
  referralCode: string;
  agree: boolean;
}

type FormField = keyof AddressFormValues;

/** Server error keys → form fields. */
const RENAME: Record<string, string> = { referral_code: 'referralCode' };

interface Options {
  defaults: AddressFormValues;
  /** /user-address: the referral code is sent and the agreement must be ticked. */
  registration: boolean;
  onSaved: () => void;
  /** The call (POST /user/append_address by default; a feature may refresh its own data after it). */
  send?: (input: AppendAddressInput) => Promise<ApiAnswer>;
  /**
   * Checked values go here instead of being sent (/user-address shows them on /confirm-user-address first, which
   * sends them).
   */
  onChecked?: (values: AddressFormValues, payload: AppendAddressInput) => void;
}

/**
 * The one address form (POST /user/append_address) behind /user-address and the shipping address asked for
 * before the first shipment: react-hook-form checked with the contract's appendAddressSchema, the zip look-up
 * for Japan, messages that follow the language switch, the server's field errors on the fields (the first
 * focused, in the order shown) and one request at a time. The pages lay out the fields (AddressFields).
 */
export function useAddressForm({
  defaults,
  registration,
  onSaved,
  send = appendAddress,
  onChecked,
}: Options) {
  const msg = useCatalogue();
  const { data: countries = [] } = useCountries();
  const formRef = useRef<HTMLFormElement>(null);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const fields: readonly FormField[] = registration
    ? [...ADDRESS_FIELD_NAMES, 'referralCode']
    : ADDRESS_FIELD_NAMES;
  const toPayload = (v: AddressFormValues): AppendAddressInput =>
    registration ? { ...addressPayload(v), referralCode: v.referralCode.trim() } : addressPayload(v);

  const form = useForm<AddressFormValues>({
    defaultValues: defaults,
    resolver: messagesResolver<AddressFormValues>((v) => ({
      ...schemaMessages(appendAddressSchema, toPayload(v), {
        field: (name) => {
          const field = (RENAME[name] ?? name) as FormField;
          return fields.includes(field) ? field : null;
        },
      }),
      ...(registration && !v.agree ? { agree: catalogue('terms_required') } : {}),
    })),
    shouldFocusError: false,
  });
  const { setValue, getValues, watch, trigger, setError } = form;
  const { errors, isSubmitted } = form.formState;

  // the country select gets its options after the form mounted: put the starting value back once they arrive
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

  const save = useSubmit({
    mutationFn: (values: AddressFormValues) => send(toPayload(values)),
    onSuccess: (res) => {
      if (res.state === 200) {
        onSaved();
        return;
      }
      if (showServerErrors(formRef.current, res.errors, setError, fields, RENAME)) return;
      const first = Object.values(res.errors ?? {})[0]?.[0];
      setFormMessage(res.message ?? first ?? msg(res.state === 401 ? 'not_logged_in' : 'server_error'));
    },
    onError: () => setFormMessage(msg('server_error')),
  });

  const onSubmit = form.handleSubmit(
    (values) => {
      setFormMessage(null);
      if (onChecked) onChecked(values, toPayload(values));
      else save.send(values);
    },
    (invalid) => focusFirstError(formRef.current, invalid),
  );

  return {
    form,
    formRef,
    onSubmit,
    saving: save.isPending,
    formMessage,
    jp,
    /** The props of AddressFields that come from the form. */
    block: {
      field: (name: AddressFieldName) => form.register(name),
      errors: Object.fromEntries(ADDRESS_FIELD_NAMES.map((k) => [k, errors[k]?.message])),
      countries,
      prefs: [],
      jp,
      prefSelect: false,
    },
  };
}
