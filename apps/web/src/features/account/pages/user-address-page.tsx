import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/address-fields.tsx';
import { Checkbox, FormAlert, TextField } from '../../../components/form.tsx';
import { useAddressForm, type AddressFormValues } from '../../../components/use-address-form.ts';
import { addressDefaults, readAddressToConfirm, saveAddressToConfirm } from '../../../lib/append-address.ts';
import { useCountryCheck } from '../../../lib/lookups.ts';
import { useUserDetail } from '../../../lib/user-detail.ts';
import styles from './user-address-page.module.css';

/** What /confirm-user-address's Back hands over: the agreement was ticked, and the form starts from what it showed. */
export interface AddressBackState {
  agreed?: boolean;
}

/**
 * /user-address (spec §2): Country, Zip code, Prefecture (text), City, Address1, Address2, Tel, Referral Code
 * and the agreement; the form starts from what the member has stored (the phone number included), with the
 * query's values over it; a member who already has a country leaves to /. Checked values go to
 * /confirm-user-address (in sessionStorage, never in its address), which saves them (POST
 * /user/append_address, state 200 → /).
 */
export function UserAddressPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const agreed = (useLocation().state as AddressBackState | null)?.agreed === true;
  const check = useCountryCheck();
  const loggedIn = check.data?.is_login === '1';
  const detail = useUserDetail(loggedIn);

  useEffect(() => {
    if (check.data?.is_login === '1' && check.data.is_country === '1') navigate('/', { replace: true });
  }, [check.data, navigate]);

  if (check.isPending || (loggedIn && detail.isPending)) return <div className="page" aria-busy="true" />;
  // back from the confirm page: the values it showed
  const back = agreed ? readAddressToConfirm() : null;
  return (
    <AddressFormPanel
      defaults={{
        ...(back?.values ?? addressDefaults(detail.data, params)),
        referralCode: back?.referralCode ?? params.get('referralCode') ?? '',
        agree: agreed,
      }}
      loggedIn={loggedIn}
      telVerified={detail.data?.end_sms === '1'}
    />
  );
}

interface PanelProps {
  defaults: AddressFormValues;
  loggedIn: boolean;
  /** The stored phone number is verified by SMS: it changes only through support. */
  telVerified: boolean;
}

function AddressFormPanel({ defaults, loggedIn, telVerified }: PanelProps) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { form, formRef, onSubmit, saving, formMessage, block } = useAddressForm({
    defaults,
    registration: true,
    onSaved: () => navigate('/', { replace: true }),
    onChecked: (values) => {
      saveAddressToConfirm(values, values.referralCode);
      navigate('/confirm-user-address');
    },
  });
  const { register, formState } = form;

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
          <AddressFields {...block} withTel telReadOnly={telVerified} shippingAddress />
          <TextField
            label={t('address.referralCode')}
            autoComplete="off"
            error={formState.errors.referralCode?.message}
            {...register('referralCode')}
          />
          <div className={styles.terms}>
            <p className={styles.termsText}>
              <Link to="/terms-of-service" target="_blank" rel="noopener">
                {t('address.termsLink')}
              </Link>
            </p>
            <Checkbox
              label={t('address.agree')}
              error={formState.errors.agree?.message}
              {...register('agree')}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={saving}>
            {t('address.submit')}
          </button>
        </form>
      </div>
    </div>
  );
}

export default UserAddressPage;
