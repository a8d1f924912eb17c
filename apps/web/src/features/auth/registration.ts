import {
  JAPAN_COUNTRY_ID,
  normaliseZipcode,
  OVERSEAS_PREF_ID,
  registrationSchema,
  type IdName,
  type RegistrationInput,
} from '@gacha/contract/user';
import type { FieldErrors as ServerErrors } from '@gacha/contract/envelope';
import { schemaMessages, type Translate } from '../../lib/messages-resolver.ts';

/** The registration form (spec §2 Registration; field names are the payload's). */
export interface RegisterFormValues {
  lastName: string;
  middleName: string;
  firstName: string;
  country_id: string;
  zipcode: string;
  pref_id: string;
  /** prefecture / state as text */
  country: string;
  shiku: string;
  address: string;
  building: string;
  tel: string;
  mail: string;
  pass: string;
  confirmPass: string;
  referralCode: string;
  agree: boolean;
}

export const emptyRegisterForm: RegisterFormValues = {
  lastName: '',
  middleName: '',
  firstName: '',
  country_id: '',
  zipcode: '',
  pref_id: '',
  country: '',
  shiku: '',
  address: '',
  building: '',
  tel: '',
  mail: '',
  pass: '',
  confirmPass: '',
  referralCode: '',
  agree: false,
};

/** jp mode: Japan is chosen, so the zip look-up runs and the prefecture is a select. */
export function isJapanMode(countryId: string | number | null | undefined): boolean {
  return Number(countryId) === JAPAN_COUNTRY_ID;
}

/**
 * The payload of /user/confirm and /user/append. Outside Japan pref_id is 99 (spec §5). The zip code goes as the
 * server stores it (normaliseZipcode: '150-0001' → '1500001' in Japan), which the confirm page shows.
 */
export function toPayload(values: RegisterFormValues, prefs: readonly IdName[] = []): RegistrationInput {
  const jp = isJapanMode(values.country_id);
  const prefId = jp && values.pref_id ? Number(values.pref_id) : OVERSEAS_PREF_ID;
  const prefName = jp ? (prefs.find((p) => p.id === prefId)?.name ?? values.country) : values.country;
  const payload: RegistrationInput = {
    lastName: values.lastName.trim(),
    middleName: values.middleName.trim(),
    firstName: values.firstName.trim(),
    mail: values.mail.trim(),
    pass: values.pass,
    confirmPass: values.confirmPass,
    tel: values.tel.trim(),
    zipcode: normaliseZipcode(values.zipcode, values.country_id),
    country: prefName.trim(),
    pref_id: prefId,
    shiku: values.shiku.trim(),
    address: values.address.trim(),
    building: values.building.trim(),
    referralCode: values.referralCode.trim(),
  };
  if (values.country_id) payload.country_id = Number(values.country_id);
  return payload;
}

// -----------------------------------------------------------------------------------------------------------
// the form's values between the form and the confirm page: in sessionStorage, never in an address (a name, a mail,
// an address or a phone in a URL stays in the history, the server's logs and the Referer of what the page loads)

const SECRET_KEY = 'gacha.register.secret';

/** The password lives in sessionStorage between the form and the confirm page, never in the URL. */
export function saveSecret(pass: string, confirmPass: string): void {
  try {
    sessionStorage.setItem(SECRET_KEY, JSON.stringify({ pass, confirmPass }));
  } catch {
    // storage blocked: the confirm page asks to go back
  }
}

export function readSecret(): { pass: string; confirmPass: string } | null {
  try {
    const raw = sessionStorage.getItem(SECRET_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { pass?: unknown; confirmPass?: unknown };
    return typeof parsed.pass === 'string' && typeof parsed.confirmPass === 'string'
      ? { pass: parsed.pass, confirmPass: parsed.confirmPass }
      : null;
  } catch {
    return null;
  }
}

/** Registration is over (or handed to the login page): the password and the form draft go. */
export function clearSecret(): void {
  try {
    sessionStorage.removeItem(SECRET_KEY);
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // ignore
  }
}

const DRAFT_KEY = 'gacha.register.draft';
type DraftValues = Omit<RegisterFormValues, 'pass' | 'confirmPass'>;

/**
 * The form in progress, kept in sessionStorage as it is typed (the passwords excepted), so that a reload
 * (the site updated under an open tab, see lib/chunk-reload.ts) or a language switch loses nothing. The confirm
 * page shows it, and Back returns to it.
 */
export function saveDraft(values: Partial<RegisterFormValues>): void {
  const draft: Partial<DraftValues> = {};
  for (const key of Object.keys(emptyRegisterForm) as (keyof RegisterFormValues)[]) {
    if (key === 'pass' || key === 'confirmPass') continue;
    const v = values[key];
    if (typeof v === typeof emptyRegisterForm[key]) Object.assign(draft, { [key]: v });
  }
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // storage blocked: no draft
  }
}

/** The kept draft over the empty form (passwords empty), or null when there is none. */
export function readDraft(): RegisterFormValues | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const values: RegisterFormValues = { ...emptyRegisterForm };
    for (const key of Object.keys(emptyRegisterForm) as (keyof RegisterFormValues)[]) {
      if (key === 'pass' || key === 'confirmPass') continue;
      const v = parsed[key];
      if (typeof v === 'string' && typeof emptyRegisterForm[key] === 'string')
        Object.assign(values, { [key]: v.slice(0, 300) });
      if (typeof v === 'boolean' && key === 'agree') values.agree = v;
    }
    return values;
  } catch {
    return null;
  }
}

// -----------------------------------------------------------------------------------------------------------
// validation: the contract's schema, messages from the catalogue in the current language

/** Server error field → form field (spec §3: the form receives errors keyed as the payload, referral_code…). */
const serverFieldToForm: Record<string, keyof RegisterFormValues> = {
  referral_code: 'referralCode',
  zipCode: 'zipcode',
  prefectureId: 'pref_id',
  countryId: 'country_id',
};

export function formFieldOf(serverField: string): keyof RegisterFormValues | null {
  const mapped = serverFieldToForm[serverField] ?? serverField;
  return mapped in emptyRegisterForm ? (mapped as keyof RegisterFormValues) : null;
}

/** Client-side check before the server check: registrationSchema, the confirmation match and the terms. */
export function validateRegistration(
  values: RegisterFormValues,
  tr: Translate,
  prefs: readonly IdName[] = [],
  opts: { requireTerms?: boolean } = { requireTerms: true },
): Partial<Record<keyof RegisterFormValues, string>> {
  const out: Partial<Record<keyof RegisterFormValues, string>> = schemaMessages(
    registrationSchema,
    toPayload(values, prefs),
    { field: formFieldOf, tr },
  );
  if (!out.pass && values.pass !== values.confirmPass) {
    out.pass = tr('pass_mismatch');
  }
  if (out.pass && !out.confirmPass) out.confirmPass = out.pass; // errors.pass shows under both inputs
  if (opts.requireTerms && !values.agree) out.agree = tr('terms_required');
  return out;
}

/** The first server message per form field; errors.pass shows under both password inputs. */
export function serverErrorsToForm(
  errors: ServerErrors | undefined,
): Partial<Record<keyof RegisterFormValues, string>> {
  const out: Partial<Record<keyof RegisterFormValues, string>> = {};
  for (const [serverField, list] of Object.entries(errors ?? {})) {
    const field = formFieldOf(serverField);
    const first = Array.isArray(list) ? list[0] : undefined;
    if (field && first && !out[field]) out[field] = String(first);
  }
  if (out.pass && !out.confirmPass) out.confirmPass = out.pass;
  return out;
}
