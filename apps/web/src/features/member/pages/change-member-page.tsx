import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { changeTelSchema } from '@gacha/contract/user';
import { FormAlert, TextField } from '../../../components/form.tsx';
import { currentLang, useCatalogue } from '../../../lib/i18n.ts';
import { CONTACT_PATH } from '../../../lib/links.ts';
import { schemaResolver } from '../../../lib/messages-resolver.ts';
import { useApiForm } from '../../../lib/use-api-form.ts';
import { userDetailKey, useUserDetail } from '../../../lib/user-detail.ts';
import { changeTel } from '../api/member-api.ts';
import { SmsPopup } from '../components/sms-popup.tsx';
import { Toast } from '../components/toast.tsx';
import styles from './member-pages.module.css';

interface TelValues {
  tel: string;
}

const resolver = schemaResolver<TelValues>(changeTelSchema, (v) => ({ tel: v.tel.trim() }));

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
  const [toast, setToast] = useState<string | null>(null);
  const [smsOpen, setSmsOpen] = useState(false);
  const clearToast = useCallback(() => setToast(null), []);
  const savedTel = detail?.tel ?? '';
  /** What follows a saved tel: the 'Setup complete' toast (Save) or the SMS popup (SMS Authentication). */
  const then = useRef<'toast' | 'sms'>('toast');

  const { form, formRef, onSubmit, pending, formMessage } = useApiForm({
    values: { tel: savedTel }, // the stored tel, once loaded (and again after a save)
    resolver,
    send: (values: TelValues) => changeTel(values.tel.trim()),
    onSuccess: async () => {
      // the popup sends its code to the stored tel: load it first
      await queryClient.invalidateQueries({ queryKey: userDetailKey });
      if (then.current === 'sms') setSmsOpen(true);
      else setToast(msg('setup_complete'));
    },
    fields: ['tel'],
  });

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

  const onSms = () => {
    if (form.getValues('tel').trim() === savedTel) {
      setSmsOpen(true);
      return;
    }
    then.current = 'sms';
    void onSubmit();
  };

  return (
    <div className="page page-narrow">
      <div className={`card ${styles.panel}`}>
        <h1 className={styles.title}>{t('member.title')}</h1>
        <p className={styles.note}>
          {msg('personal_info_contact')} <Link to={CONTACT_PATH}>{t('pages.contact', { ns: 'common' })}</Link>
        </p>
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
          <form
            ref={formRef}
            className={styles.form}
            onSubmit={(e) => {
              then.current = 'toast';
              void onSubmit(e);
            }}
            noValidate
          >
            <div className={styles.telRow}>
              <TextField
                label={t('member.tel')}
                hint={t('member.telHint')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={20}
                required
                error={form.formState.errors.tel?.message}
                {...form.register('tel')}
              />
              <button type="button" className="btn btn-dark" onClick={onSms} disabled={pending}>
                {t('member.smsButton')}
              </button>
            </div>
            <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
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
