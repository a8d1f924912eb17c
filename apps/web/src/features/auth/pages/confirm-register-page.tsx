import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import type { RegistrationInput } from '@gacha/contract/user';
import { useTranslation } from 'react-i18next';
import { AlertModal } from '../../../components/alert-modal.tsx';
import { FormAlert } from '../../../components/form.tsx';
import { formatName } from '../../../lib/format.ts';
import { currentLang, useCatalogue } from '../../../lib/i18n.ts';
import { useCountries, usePrefList } from '../../../lib/lookups.ts';
import { useSubmit } from '@gacha/client/use-submit';
import { appendUser } from '../api/registration.ts';
import {
  clearSecret,
  isJapanMode,
  readDraft,
  readSecret,
  serverErrorsToForm,
  toPayload,
} from '../registration.ts';
import styles from './auth-pages.module.css';

/**
 * /confirm-user-register (spec §2): a summary of the form's values, Back to the form with the values, Confirm →
 * POST /user/append → /complete-user-register. The values (the password included) come from sessionStorage, where
 * the form keeps them, never from the address: a name, a mail or a phone in a URL would stay in the history, the
 * server's logs and the Referer of everything the page loads. The country and the prefecture are shown by name
 * (in jp mode the prefecture chosen in the list).
 */
export function ConfirmRegisterPage() {
  const { t } = useTranslation('auth');
  const msg = useCatalogue();
  const navigate = useNavigate();
  const [{ values, secret }] = useState(() => ({ values: readDraft(), secret: readSecret() }));
  const jp = isJapanMode(values?.country_id);
  const { data: countries = [] } = useCountries();
  const { data: prefs = [] } = usePrefList(jp);
  const [errors, setErrors] = useState<string[]>([]);
  const [alreadyRegistered, setAlreadyRegistered] = useState<string | null>(null);
  const append = useSubmit({
    mutationFn: (input: RegistrationInput) => appendUser(input),
    onSuccess: (res) => {
      if (res.state === 200) {
        clearSecret();
        navigate('/complete-user-register', { replace: true });
        return;
      }
      if (res.state === 999) {
        setAlreadyRegistered(res.message ?? msg('already_registered'));
        return;
      }
      const fieldErrors = Object.values(serverErrorsToForm(res.errors)).filter(Boolean) as string[];
      setErrors(fieldErrors.length ? [...new Set(fieldErrors)] : [res.message ?? msg('server_error')]);
    },
    onError: () => setErrors([msg('server_error')]),
  });

  if (!values?.mail) return <Navigate to="/user-register" replace />;

  const countryName = countries.find((c) => String(c.id) === values.country_id)?.name ?? '';
  const prefecture = jp
    ? (prefs.find((p) => String(p.id) === values.pref_id)?.name ?? values.country)
    : values.country;
  // the form shows its draft again
  const backTo = '/user-register';

  const onConfirm = () => {
    if (!secret) return;
    setErrors([]);
    append.send(toPayload({ ...values, ...secret, agree: true }, prefs));
  };

  const rows: Array<[string, string]> = [
    [t('fields.name'), formatName(values, currentLang())],
    [t('confirm.country'), countryName],
    [t('confirm.zipcode'), toPayload(values, prefs).zipcode ?? ''], // as it will be stored
    [t('confirm.prefecture'), prefecture],
    [t('confirm.city'), values.shiku],
    [t('confirm.address1'), values.address],
    [t('confirm.address2'), values.building],
    [t('confirm.tel'), values.tel],
    [t('fields.mail'), values.mail],
    [t('fields.pass'), secret ? '•'.repeat(Math.min(secret.pass.length, 12)) : ''],
    [t('fields.referralCode'), values.referralCode],
  ];

  return (
    <div className={styles.page}>
      <div className={`${styles.panel} ${styles.wide}`}>
        <div className={styles.hero}>
          <h1 className={styles.title}>{t('confirm.title')}</h1>
          <p className={styles.subtitle}>{t('confirm.subtitle')}</p>
        </div>
        <div className={styles.stack}>
          {!secret && <FormAlert tone="info">{t('confirm.passwordMissing')}</FormAlert>}
          {errors.length > 0 && (
            <FormAlert>
              {errors.map((e) => (
                <span key={e} style={{ display: 'block' }}>
                  {e}
                </span>
              ))}
            </FormAlert>
          )}
          <dl className={styles.summary}>
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value || <span className={styles.empty}>{t('confirm.notEntered')}</span>}</dd>
              </div>
            ))}
          </dl>
          <div className={styles.actions}>
            <Link to={backTo} className="btn btn-secondary">
              {t('confirm.back')}
            </Link>
            <button
              type="button"
              className="btn btn-primary"
              onClick={onConfirm}
              disabled={!secret || append.isPending}
            >
              {t('confirm.submit')}
            </button>
          </div>
        </div>
      </div>
      <AlertModal
        open={alreadyRegistered !== null}
        onOk={() => {
          setAlreadyRegistered(null);
          clearSecret();
          navigate('/login');
        }}
      >
        {alreadyRegistered}
      </AlertModal>
    </div>
  );
}

export default ConfirmRegisterPage;
