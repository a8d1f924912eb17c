import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { FormAlert, TextField } from '../../../components/form.tsx';
import { ApiBusyError, firstError } from '../../../lib/api.ts';
import { currentLang, useCatalogue } from '../../../lib/i18n.ts';
import { userDetailKey, useUserDetail } from '../../../lib/user-detail.ts';
import { changeTel } from '../api/member-api.ts';
import { SmsPopup } from '../components/sms-popup.tsx';
import { Toast } from '../components/toast.tsx';
import styles from './member-pages.module.css';

/**
 * /change-member (spec §2 Personal information): read-only name, address, email and referral code with the
 * 'Please contact us…' note; the tel is editable (POST /user/change) with the SMS Authentication button while
 * end_sms is '0', read-only once verified. Without a country, the 'You can enter this information…' note.
 */
export function ChangeMemberPage() {
  const { t } = useTranslation('member');
  const msg = useCatalogue();
  const queryClient = useQueryClient();
  const { data: detail, isPending, isError } = useUserDetail();
  const [tel, setTel] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [smsOpen, setSmsOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const telRef = useRef<HTMLInputElement>(null);
  const clearToast = useCallback(() => setToast(null), []);

  const savedTel = detail?.tel ?? '';
  useEffect(() => setTel(savedTel), [savedTel]);

  if (isPending) return <div className="page" aria-busy="true" />;
  if (isError || !detail) {
    return (
      <div className="page page-narrow">
        <FormAlert>{msg('server_error')}</FormAlert>
      </div>
    );
  }

  const verified = detail.end_sms === '1';
  const empty = t('member.empty');
  const hasCountry = Boolean(detail.country_id);
  const rows: Array<[string, string]> = [
    [t('member.lastName'), detail.lastName],
    [t('member.middleName'), detail.middleName],
    [t('member.firstName'), detail.firstName],
    ...(hasCountry
      ? ([
          [t('member.country'), detail.country_name],
          [t('member.zipcode'), detail.zipcode],
          [t('member.pref'), detail.country],
          [t('member.city'), detail.shiku],
          [t('member.address1'), detail.address],
          [t('member.address2'), detail.building],
        ] as Array<[string, string]>)
      : []),
    [t('member.mail'), detail.mail],
    [t('member.referralCode'), detail.referral_code],
  ];

  /** Saves the tel; true when it is saved (or unchanged). */
  const saveTel = async (): Promise<boolean> => {
    setFormMessage(null);
    const value = tel.trim();
    if (!value) {
      setError(msg('required'));
      telRef.current?.focus();
      return false;
    }
    setError(undefined);
    setSaving(true);
    try {
      const res = await changeTel(value);
      if (res.state === 200) {
        await queryClient.invalidateQueries({ queryKey: userDetailKey });
        return true;
      }
      const fieldError = firstError(res.errors, 'tel');
      if (fieldError) {
        setError(fieldError);
        telRef.current?.focus();
      } else setFormMessage(res.message ?? msg('server_error'));
      return false;
    } catch (err) {
      if (!(err instanceof ApiBusyError)) setFormMessage(msg('server_error'));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (await saveTel()) setToast(msg('setup_complete'));
  };

  const onSms = async () => {
    if (tel.trim() !== savedTel && !(await saveTel())) return;
    setSmsOpen(true);
  };

  return (
    <div className="page page-narrow">
      <div className={`card ${styles.panel}`}>
        <h1 className={styles.title}>{t('member.title')}</h1>
        <p className={styles.note}>{msg('personal_info_contact')}</p>
        {formMessage && <FormAlert>{formMessage}</FormAlert>}
        <dl className={styles.facts} lang={currentLang()}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value || empty}</dd>
            </div>
          ))}
          {verified && (
            <div>
              <dt>{t('member.tel')}</dt>
              <dd>
                {detail.tel || empty}{' '}
                <span className={styles.verified}>
                  <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
                    <path
                      d="M5 12.5l4.5 4.5L19 7.5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="3"
                      strokeLinecap="round"
                    />
                  </svg>
                  {t('member.verified')}
                </span>
              </dd>
            </div>
          )}
        </dl>
        {!hasCountry && <p className={styles.note}>{msg('country_later_note')}</p>}
        {!verified && (
          <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
            <div className={styles.telRow}>
              <TextField
                label={t('member.tel')}
                hint={t('member.telHint')}
                name="tel"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={20}
                required
                ref={telRef}
                value={tel}
                error={error}
                onChange={(e) => setTel(e.target.value)}
              />
              <button type="button" className="btn btn-dark" onClick={() => void onSms()} disabled={saving}>
                {t('member.smsButton')}
              </button>
            </div>
            <button type="submit" className="btn btn-primary btn-block" disabled={saving}>
              {t('member.save')}
            </button>
          </form>
        )}
        <Link to="/user-menu" className="btn btn-secondary btn-block">
          {t('member.back')}
        </Link>
      </div>
      <SmsPopup
        open={smsOpen}
        tel={savedTel}
        onClose={() => setSmsOpen(false)}
        onVerified={() => {
          setSmsOpen(false);
          void queryClient.invalidateQueries({ queryKey: userDetailKey });
          setToast(msg('sms_completed'));
        }}
      />
      <Toast message={toast} onDone={clearToast} />
    </div>
  );
}

export default ChangeMemberPage;
