import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminMemberDetail } from '@gacha/contract/admin-members';
import { formatJst, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { rankName } from './member-query.ts';
import styles from './members.module.css';
import { column, figureColumn, timeColumn } from '../../components/columns.tsx';
import { ListTable } from '../../components/list-table.tsx';

/**
 * The member page's tabs answered with the member (GET /api/admin/members/{id}): profile and address, rank
 * history, coupons and referrals, sessions. Masked values are shown as the server answers them; what it leaves
 * out for a role without members.pii (the postal address) says so.
 */

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function ProfilePanel({ detail }: { detail: AdminMemberDetail }) {
  const { t } = useTranslation('members');
  const lang = useLang();
  const { member, address, pii } = detail;
  const dash = (v: string) => (v.trim() ? v : '—');
  const signIn = [
    member.has_password ? t('profile.password') : null,
    member.google_linked ? 'Google' : null,
    member.apple_linked ? 'Apple' : null,
  ].filter(Boolean);
  return (
    <div className={styles.twoCols}>
      <section aria-labelledby="member-profile" className="panel">
        <h2 id="member-profile">{t('profile.title')}</h2>
        <dl className={styles.rows}>
          <Row label={t('profile.lastName')}>{dash(member.last_name)}</Row>
          <Row label={t('profile.middleName')}>{dash(member.middle_name)}</Row>
          <Row label={t('profile.firstName')}>{dash(member.first_name)}</Row>
          <Row label={t('profile.mail')}>
            <span className={styles.mail} data-testid="member-mail">
              {dash(member.mail)}
            </span>
          </Row>
          <Row label={t('profile.tel')}>
            <span data-testid="member-tel">{dash(member.tel)}</span>
          </Row>
          <Row label={t('profile.lang')}>{member.lang === 'ja' ? '日本語' : 'English'}</Row>
          <Row label={t('profile.referralCode')}>
            <code>{member.referral_code}</code>
          </Row>
          <Row label={t('profile.signIn')}>{signIn.length ? signIn.join(' · ') : '—'}</Row>
          <Row label={t('balances.joined')}>{formatJst(member.created_at)}</Row>
          <Row label={t('profile.lastGemUse')}>{formatJst(member.last_gem_use_at)}</Row>
          <Row label={t('profile.updated')}>{formatJst(member.updated_at)}</Row>
          <Row label={t('profile.inactivityNotice')}>{formatJst(member.inactivity_notice_at)}</Row>
          {member.anonymised_at ? (
            <Row label={t('profile.anonymised')}>{formatJst(member.anonymised_at)}</Row>
          ) : null}
        </dl>
      </section>
      <section aria-labelledby="member-address" className="panel">
        <h2 id="member-address">{t('profile.address')}</h2>
        {address ? (
          <dl className={styles.rows} data-testid="member-address">
            <Row label={t('profile.country')}>
              {dash(lang === 'ja' ? address.country_name_ja : address.country_name_en)}
            </Row>
            <Row label={t('profile.zipcode')}>{dash(address.zipcode)}</Row>
            <Row label={t('profile.pref')}>{dash(address.pref_text)}</Row>
            <Row label={t('profile.shiku')}>{dash(address.shiku)}</Row>
            <Row label={t('profile.street')}>{dash(address.address)}</Row>
            <Row label={t('profile.building')}>{dash(address.building)}</Row>
          </dl>
        ) : (
          <p className="muted" data-testid="member-address">
            {pii ? t('profile.noAddress') : t('profile.addressHidden')}
          </p>
        )}
      </section>
    </div>
  );
}

export function RanksPanel({ detail }: { detail: AdminMemberDetail }) {
  const { t } = useTranslation('members');
  const lang = useLang();
  const { member, ranks } = detail;
  return (
    <section aria-labelledby="member-ranks">
      <h2 id="member-ranks">{t('ranks.title')}</h2>
      <p className="muted">
        {t('ranks.now', { rank: rankName(member.rank, lang) })}
        {member.rank_maintained_month
          ? ` ${t('balances.maintained', { month: member.rank_maintained_month })}`
          : ''}
      </p>
      <ListTable<AdminMemberDetail['ranks'][number]>
        rows={ranks}
        caption={t('ranks.title')}
        columns={[
          column('month', t('ranks.month'), (r) => r.month, 'nowrap'),
          column('rank', t('ranks.rank'), (r) => rankName(r.rank, lang)),
          figureColumn('spend', t('ranks.spend'), (r) => formatNumber(r.spend, lang)),
          column('how', t('ranks.how'), (r) => t(`ranks.hows.${r.how}`)),
          timeColumn('fixed', t('ranks.fixed'), (r) => r.created_at),
        ]}
        empty={t('ranks.empty')}
      />
    </section>
  );
}

export function CouponsPanel({ detail }: { detail: AdminMemberDetail }) {
  const { t } = useTranslation(['members', 'console']);
  const lang = useLang();
  const { referral, coupons } = detail;
  return (
    <>
      <section aria-labelledby="member-coupons">
        <h2 id="member-coupons">{t('coupons.title')}</h2>
        <ListTable<AdminMemberDetail['coupons'][number]>
          rows={coupons}
          caption={t('coupons.title')}
          columns={[
            column('code', t('coupons.code'), (c) => (
              <Link to={`/coupons/${c.coupon_id}`}>
                <code>{c.code}</code>
              </Link>
            )),
            column('kind', t('coupons.kind'), (c) => t(`coupons.kinds.${c.kind}`)),
            figureColumn('gems', t('coupons.gems'), (c) =>
              c.kind === 'gems' ? formatNumber(c.gems, lang) : '—',
            ),
            timeColumn('used', t('coupons.used'), (c) => c.used_at),
          ]}
          empty={t('coupons.empty')}
        />
      </section>
      <section aria-labelledby="member-referrals">
        <h2 id="member-referrals">{t('referrals.title')}</h2>
        <dl className={styles.rows}>
          <Row label={t('referrals.referredBy')}>
            {referral.referred_by ? (
              <>
                <Link to={`/members/${referral.referred_by.id}`}>#{referral.referred_by.id}</Link>{' '}
                <code>{referral.referred_by.referral_code}</code>
              </>
            ) : (
              t('referrals.nobody')
            )}
          </Row>
          <Row label={t('referrals.reward')}>
            {referral.reward
              ? t('referrals.rewardPaid', {
                  gems: formatNumber(referral.reward.amount, lang),
                  when: formatJst(referral.reward.created_at),
                })
              : t('referrals.rewardNone')}
          </Row>
        </dl>
        <h3>{t('referrals.referred', { count: referral.referred_total })}</h3>
        {referral.referred.length ? (
          <ListTable<AdminMemberDetail['referral']['referred'][number]>
            rows={referral.referred}
            caption={t('referrals.referred', { count: referral.referred_total })}
            columns={[
              column('id', t('list.id'), (r) => <Link to={`/members/${r.id}`}>#{r.id}</Link>),
              column('code', t('profile.referralCode'), (r) => <code>{r.referral_code}</code>),
              timeColumn('joined', t('list.joined'), (r) => r.created_at),
              column('rewarded', t('referrals.rewarded'), (r) =>
                t(r.rewarded ? 'console:common.yes' : 'console:common.no'),
              ),
            ]}
          />
        ) : (
          <p className="muted">{t('referrals.noneReferred')}</p>
        )}
        {referral.referred_total > referral.referred.length ? (
          <p className="muted">
            {t('referrals.more', {
              shown: referral.referred.length,
              total: referral.referred_total,
            })}
          </p>
        ) : null}
      </section>
    </>
  );
}

export function SessionsPanel({ detail }: { detail: AdminMemberDetail }) {
  const { t } = useTranslation(['members', 'console']);
  const { sessions } = detail;
  return (
    <section aria-labelledby="member-sessions">
      <h2 id="member-sessions">{t('sessions.title')}</h2>
      <p className="muted">{t('sessions.intro')}</p>
      <ListTable<AdminMemberDetail['sessions'][number]>
        rows={sessions}
        caption={t('sessions.title')}
        columns={[
          timeColumn('created', t('sessions.created'), (s) => s.created_at),
          timeColumn('lastSeen', t('sessions.lastSeen'), (s) => s.last_seen_at),
          timeColumn('expires', t('sessions.expires'), (s) => s.expires_at),
          column('persistent', t('sessions.persistent'), (s) =>
            t(s.persistent ? 'console:common.yes' : 'console:common.no'),
          ),
        ]}
        empty={t('sessions.empty')}
      />
    </section>
  );
}
