import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLoggedIn, useCurrentUser } from '../../../lib/session.ts';
import { useSiteInfo } from '../../../lib/site-info.ts';
import { useUserDetail } from '../../../lib/user-detail.ts';
import styles from './site-pages.module.css';

/**
 * /contact, the shop's contact page (the footer's, the bottom menu's and My page's "Contact us"; the legal pages'
 * contact form): the support mail address and hours from GET /user/site_info, what to write so support can help at
 * once (the member number, shown here to a member, and the purchase), and the pages that may answer first.
 */
export function ContactPage() {
  const { t } = useTranslation('site');
  const info = useSiteInfo();
  const { data: user } = useCurrentUser();
  const member = isLoggedIn(user);
  const detail = useUserDetail(member);
  const memberNo = member ? detail.data?.id : undefined;

  const mail = info.data?.seller_email ?? '';
  const body = [
    `${t('contact.mailMember')}: ${memberNo ?? ''}`,
    `${t('contact.mailPurchase')}: `,
    `${t('contact.mailWhat')}: `,
    '',
  ].join('\n');
  const mailto = mail
    ? `mailto:${mail}?${new URLSearchParams({ subject: t('contact.mailSubject'), body })
        .toString()
        .replace(/\+/g, '%20')}`
    : '';

  return (
    <div className={`page ${styles.page}`}>
      <h1 className="page-title">{t('contact.title')}</h1>
      <p className={styles.lead}>{t('contact.lead')}</p>

      <section
        className={`card ${styles.box} ${info.isPending ? styles.boxPending : ''}`}
        aria-labelledby="contact-mail"
      >
        <h2 id="contact-mail" className={styles.boxTitle}>
          {t('contact.byMail')}
        </h2>
        {info.isPending ? (
          <p aria-busy="true" className={styles.muted}>
            {t('contact.loading')}
          </p>
        ) : info.isError || !mail ? (
          <p role="alert">{t('contact.loadError')}</p>
        ) : (
          <>
            <p className={styles.mail}>
              <a href={mailto} className={styles.mailLink}>
                {mail}
              </a>
            </p>
            <a href={mailto} className="btn btn-primary">
              {t('contact.write')}
            </a>
            <dl className={styles.facts}>
              <div>
                <dt>{t('contact.hours')}</dt>
                <dd>{info.data.support_hours}</dd>
              </div>
              <div>
                <dt>{t('contact.phone')}</dt>
                <dd>{info.data.seller_phone_note}</dd>
              </div>
            </dl>
            <p className={styles.muted}>{t('contact.outside')}</p>
          </>
        )}
      </section>

      <section className={`card ${styles.box}`} aria-labelledby="contact-include">
        <h2 id="contact-include" className={styles.boxTitle}>
          {t('contact.includeTitle')}
        </h2>
        <ul className={styles.checklist}>
          <li>
            <strong>{t('contact.includeMember')}</strong>{' '}
            {memberNo !== undefined ? (
              <span className={styles.memberNo}>{t('contact.yourMemberNo', { no: memberNo })}</span>
            ) : (
              <span>{t('contact.includeMemberWhere')}</span>
            )}
          </li>
          <li>
            <strong>{t('contact.includePurchase')}</strong> <span>{t('contact.includePurchaseWhere')}</span>
          </li>
          <li>
            <strong>{t('contact.includeWhat')}</strong> <span>{t('contact.includeWhatHow')}</span>
          </li>
        </ul>
        <p className={styles.muted}>{t('contact.personalInfo')}</p>
      </section>

      <section className={`card ${styles.box}`} aria-labelledby="contact-first">
        <h2 id="contact-first" className={styles.boxTitle}>
          {t('contact.firstTitle')}
        </h2>
        <ul className={styles.links}>
          <li>
            <Link to="/user-guide">{t('pages.userGuide', { ns: 'common' })}</Link>
            <span>{t('contact.guideWhat')}</span>
          </li>
          <li>
            <Link to="/user-guide#customs-duties">{t('contact.customs')}</Link>
            <span>{t('contact.customsWhat')}</span>
          </li>
          <li>
            <Link to="/terms-of-service">{t('pages.termsOfService', { ns: 'common' })}</Link>
            <span>{t('contact.termsWhat')}</span>
          </li>
        </ul>
      </section>
    </div>
  );
}

export default ContactPage;
