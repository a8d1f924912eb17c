import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { couponUseSchema } from '@gacha/contract/account';
import { TextField } from '../../../components/form.tsx';
import { useCatalogue } from '../../../lib/i18n.ts';
import { schemaResolver } from '../../../lib/messages-resolver.ts';
import { useApiForm } from '../../../lib/use-api-form.ts';
import { applyCoupon } from '../api/member-api.ts';
import styles from './coupon-entry.module.css';

interface CouponValues {
  couponCode: string;
}

const resolver = schemaResolver<CouponValues>(couponUseSchema, (v) => v);

/**
 * Coupon entry of My page (spec §2, §4): prefilled from ?code=; POST /user/coupon/use answers an error text —
 * empty is success (→ /buy-point), otherwise the text shows under the input.
 */
export function CouponEntry() {
  const { t } = useTranslation('member');
  const msg = useCatalogue();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { form, formRef, onSubmit, pending } = useApiForm({
    defaultValues: { couponCode: params.get('code') ?? '' },
    resolver,
    send: (values: CouponValues) => applyCoupon(values.couponCode.trim()),
    succeeded: (res) => res.state === 200 && !res.error,
    onSuccess: () => navigate('/buy-point'),
    fields: ['couponCode'],
    refusal: 'couponCode',
    refusalText: (res) => (res.state === 200 && res.error) || res.message || msg('invalid'),
  });

  return (
    <section className={`card ${styles.block}`} aria-labelledby="coupon-title">
      <h2 id="coupon-title" className={styles.title}>
        {t('coupon.title')}
      </h2>
      <form ref={formRef} className={styles.row} onSubmit={onSubmit} noValidate>
        <TextField
          label={t('coupon.label')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          required
          error={form.formState.errors.couponCode?.message}
          {...form.register('couponCode')}
        />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t('coupon.submit')}
        </button>
      </form>
    </section>
  );
}
