import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setReferralCodeSchema } from '@gacha/contract/account';
import { TextField } from '../../../components/form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useCatalogue } from '../../../lib/i18n.ts';
import { schemaResolver } from '../../../lib/messages-resolver.ts';
import { useApiForm } from '../../../lib/use-api-form.ts';
import { setReferralCode, takeJustRegistered } from '../api/registration.ts';
import styles from './auth-pages.module.css';

interface ReferralValues {
  referralCode: string;
}

const resolver = schemaResolver<ReferralValues>(setReferralCodeSchema, (v) => v);

/**
 * /complete-user-register (spec §2): thanks, an optional referral code with Verify
 * (POST /user/set_referral_code), the 'Referral code completed' modal, Home → /. Shown once after
 * registering (has_register); opened again later it goes to /.
 */
export function CompleteRegisterPage() {
  const { t } = useTranslation('auth');
  const msg = useCatalogue();
  const [verified, setVerified] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  const navigate = useNavigate();
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current) return; // once per visit, also under StrictMode's double effects
    checked.current = true;
    takeJustRegistered()
      .then((fresh) => {
        if (!fresh) navigate('/', { replace: true });
      })
      .catch(() => undefined);
  }, [navigate]);

  const { form, formRef, onSubmit, pending } = useApiForm({
    defaultValues: { referralCode: '' },
    resolver,
    send: (values: ReferralValues) => setReferralCode(values.referralCode.trim()),
    onSuccess: () => {
      setVerified(true);
      setModalOpen(true);
    },
    fields: ['referralCode'],
    rename: { referral_code: 'referralCode' },
    refusal: 'referralCode',
    refusalText: (res) => res.message ?? msg('invalid'),
  });

  return (
    <div className={styles.page}>
      <div className={styles.panel}>
        <div className={styles.complete}>
          <span className={styles.badge} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="44" height="44">
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          <h1 className={styles.title}>{t('complete.title')}</h1>
          <p className={styles.subtitle}>{t('complete.text')}</p>

          <form ref={formRef} className={styles.referral} onSubmit={onSubmit} noValidate>
            <p className={styles.sectionTitle}>{t('complete.referralTitle')}</p>
            <p className={styles.lookupNote}>{t('complete.referralText')}</p>
            <div className={styles.referralRow}>
              <TextField
                label={t('fields.referralCode')}
                autoComplete="off"
                error={form.formState.errors.referralCode?.message}
                maxLength={32}
                {...form.register('referralCode')}
              />
              <button type="submit" className="btn btn-dark" disabled={pending || verified}>
                {t('complete.verify')}
              </button>
            </div>
          </form>

          <Link to="/" className="btn btn-primary btn-block">
            {t('complete.home')}
          </Link>
        </div>
      </div>
      <Modal
        open={modalOpen}
        title={t('complete.referralDone')}
        onClose={() => setModalOpen(false)}
        footer={
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setModalOpen(false)}
            data-autofocus
          >
            {t('actions.ok', { ns: 'common' })}
          </button>
        }
      >
        {t('complete.referralDoneText')}
      </Modal>
    </div>
  );
}

export default CompleteRegisterPage;
