import { useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appendAddressSchema, type AppendAddressInput } from '@gacha/contract/user';
import { FormAlert } from '../../../components/form.tsx';
import { State } from '../../../lib/api.ts';
import {
  addressPayload,
  appendAddress,
  clearAddressToConfirm,
  readAddressToConfirm,
} from '../../../lib/append-address.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { useCountries } from '../../../lib/lookups.ts';
import { useSubmit } from '@gacha/client/use-submit';
import type { AddressBackState } from './user-address-page.tsx';
import styles from './user-address-page.module.css';

/** Server error fields → the rows they belong to. */
const FIELD_ROW: Record<string, string> = {
  country_id: 'address.country',
  zipcode: 'address.zipcode',
  country: 'address.prefectureText',
  pref_id: 'address.prefectureText',
  shiku: 'address.city',
  address: 'address.address1',
  building: 'address.address2',
  tel: 'address.tel',
};

/**
 * /confirm-user-address (spec §2): what /user-address will save, kept in sessionStorage by the form (never in the
 * address: history, logs, Referer) — the country by name, zip code,
 * prefecture, city, the address lines, the phone number and the referral code — with Back (to the form with the
 * values, the agreement still ticked) and Register (POST /user/append_address; state 200 → /). Values the form
 * would not have sent go back to the form.
 */
export function ConfirmUserAddressPage() {
  const { t } = useTranslation('account');
  const msg = useCatalogue();
  const navigate = useNavigate();
  const [kept] = useState(readAddressToConfirm);
  const values = kept?.values;
  const referralCode = kept?.referralCode ?? '';
  const payload: AppendAddressInput | null = values ? { ...addressPayload(values), referralCode } : null;
  const { data: countries = [] } = useCountries();
  const [problems, setProblems] = useState<ReactNode[]>([]);
  // saved: the page is on its way to Top; a click meanwhile sends nothing again
  const saved = useRef(false);

  const save = useSubmit({
    mutationFn: (input: AppendAddressInput) => appendAddress(input),
    onSuccess: (res) => {
      if (res.state === State.ok) {
        saved.current = true;
        clearAddressToConfirm();
        navigate('/', { replace: true });
        return;
      }
      if (res.state === State.notLoggedIn) {
        setProblems([
          <>
            {res.message ?? msg('not_logged_in')} <Link to="/login">{t('address.login')}</Link>
          </>,
        ]);
        return;
      }
      const fields = Object.entries(res.errors ?? {}).flatMap(([field, list]) => {
        const first = Array.isArray(list) ? list[0] : undefined;
        if (!first) return [];
        const row = FIELD_ROW[field];
        const label =
          field === 'referral_code' || field === 'referralCode'
            ? t('confirmAddress.referralCode')
            : row && t(row, { ns: 'common' });
        return [label ? `${label}: ${String(first)}` : String(first)];
      });
      setProblems(fields.length ? fields : [res.message ?? msg('server_error')]);
    },
    onError: () => setProblems([msg('server_error')]),
  });

  // nothing kept, or values the form would not have sent: back to the form (with what was kept)
  if (!values || !payload || !appendAddressSchema.safeParse(payload).success) {
    return (
      <Navigate to="/user-address" replace state={{ agreed: Boolean(values) } satisfies AddressBackState} />
    );
  }

  const countryName = countries.find((c) => String(c.id) === values.country_id)?.name ?? '';
  const rows: Array<[string, string]> = [
    [t('address.country', { ns: 'common' }), countryName],
    [t('address.zipcode', { ns: 'common' }), payload.zipcode ?? ''], // as it will be stored
    [t('address.prefectureText', { ns: 'common' }), values.country],
    [t('address.city', { ns: 'common' }), values.shiku],
    [t('address.address1', { ns: 'common' }), values.address],
    [t('address.address2', { ns: 'common' }), values.building],
    [t('address.tel', { ns: 'common' }), values.tel],
    [t('confirmAddress.referralCode'), referralCode],
  ];

  return (
    <div className="page page-narrow">
      <div className={`card ${styles.panel}`}>
        <h1 className="page-title">{t('confirmAddress.title')}</h1>
        <p className={styles.lead}>{t('confirmAddress.lead')}</p>
        {problems.length > 0 && (
          <div className={styles.problems}>
            <FormAlert>
              <span className={styles.problemsLead}>{t('confirmAddress.failed')}</span>
              {problems.map((p, i) => (
                <span key={i} className={styles.problem}>
                  {p}
                </span>
              ))}
            </FormAlert>
          </div>
        )}
        <dl className={styles.summary}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value || <span className={styles.empty}>{t('confirmAddress.notEntered')}</span>}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.actions}>
          <Link
            to="/user-address"
            state={{ agreed: true } satisfies AddressBackState}
            className="btn btn-secondary"
          >
            {t('confirmAddress.back')}
          </Link>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              if (saved.current) return;
              setProblems([]);
              save.send(payload);
            }}
            disabled={save.isPending}
          >
            {t('confirmAddress.submit')}
          </button>
        </div>
      </div>
    </div>
  );
}

export default ConfirmUserAddressPage;
