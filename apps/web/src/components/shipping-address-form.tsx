import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppendAddressInput } from '@gacha/contract/user';
import type { ApiAnswer } from '../lib/api.ts';
import { addressDefaults } from '../lib/append-address.ts';
import { useCatalogue } from '../lib/i18n.ts';
import { useUserDetail } from '../lib/user-detail.ts';
import { AddressFields } from './address-fields.tsx';
import { SkeletonBlock } from './page-skeleton.tsx';
import { FormAlert } from './form.tsx';
import { useAddressForm, type AddressFormValues } from './use-address-form.ts';
import styles from './shipping-address-form.module.css';

interface FormProps {
  onSaved: () => void;
  onCancel: () => void;
  /** The call (POST /user/append_address by default; a feature may refresh its own data after it). */
  send?: (input: AppendAddressInput) => Promise<ApiAnswer>;
}

/**
 * The shipping address asked for before the first shipment (spec §2 Final confirm; the exchange counter): the
 * shared address form, starting from what the member has stored (the phone number included), POST
 * /user/append_address, then `onSaved`. Japan can be chosen but is not shipped to (spec §8).
 */
export function ShippingAddressForm(props: FormProps) {
  // its texts (the account namespace) load with it, without suspending the page around it
  return (
    <Suspense fallback={<AddressSkeleton />}>
      <StoredAddressForm {...props} />
    </Suspense>
  );
}

/** The form's places while its texts and the stored address load: the fields, not an empty panel. */
function AddressSkeleton() {
  return (
    <div className={styles.form} aria-busy="true">
      <SkeletonBlock lines={7} form card={false} />
    </div>
  );
}

function StoredAddressForm(props: FormProps) {
  const detail = useUserDetail();
  if (detail.isPending) return <AddressSkeleton />;
  return (
    <AddressForm
      {...props}
      defaults={{ ...addressDefaults(detail.data), referralCode: '', agree: false }}
      telReadOnly={detail.data?.end_sms === '1'}
    />
  );
}

function AddressForm({
  onSaved,
  onCancel,
  send,
  defaults,
  telReadOnly,
}: FormProps & { defaults: AddressFormValues; telReadOnly: boolean }) {
  const { t } = useTranslation('account');
  const msg = useCatalogue();
  const { formRef, onSubmit, saving, formMessage, jp, block } = useAddressForm({
    defaults,
    registration: false,
    onSaved,
    ...(send ? { send } : {}),
  });

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="shipping-address-title"
    >
      <h2 id="shipping-address-title" className={styles.title}>
        {t('shippingAddress.title')}
      </h2>
      <p className={styles.lead}>{t('shippingAddress.lead')}</p>
      {formMessage && <FormAlert>{formMessage}</FormAlert>}
      {jp && <FormAlert tone="info">{msg('shipping_to_japan')}</FormAlert>}
      {/* its own Japan notice above (shipping_to_japan): the gems notice would say it twice */}
      <AddressFields {...block} withTel telReadOnly={telReadOnly} shippingAddress gemsNotice={false} />
      <div className={styles.actions}>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('shippingAddress.back')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {t('shippingAddress.save')}
        </button>
      </div>
    </form>
  );
}
