import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form.tsx';
import { ApiBusyError, firstError } from '../../../lib/api.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { applyCoupon } from '../api/member-api.ts';
import styles from './coupon-entry.module.css';

/**
 * Coupon entry of My page (spec §2, §4): prefilled from ?code=; POST /user/coupon/use answers an error text —
 * empty is success (→ /buy-point), otherwise the text shows under the input.
 */
export function CouponEntry() {
  const { t } = useTranslation('member');
  const msg = useCatalogue();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => params.get('code') ?? '');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError(msg('required'));
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const res = await applyCoupon(code.trim());
      if (res.state === 200 && !res.error) {
        navigate('/buy-point');
        return;
      }
      setError(res.error || firstError(res.errors, 'couponCode') || res.message || msg('invalid'));
    } catch (err) {
      if (!(err instanceof ApiBusyError)) setError(msg('server_error'));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={`card ${styles.block}`} aria-labelledby="coupon-title">
      <h2 id="coupon-title" className={styles.title}>
        {t('coupon.title')}
      </h2>
      <form className={styles.row} onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={t('coupon.label')}
          name="couponCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          required
          value={code}
          error={error}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {t('coupon.submit')}
        </button>
      </form>
    </section>
  );
}
