import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { AdminMemberDetail } from '@gacha/contract/admin-members';
import { ApiStateError } from '../../lib/api.ts';
import { formatJst, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { MemberActions } from './member-actions.tsx';
import {
  CoinLedgerPanel,
  GemLedgerPanel,
  GemLotsPanel,
  ItemsPanel,
  PaymentsPanel,
  PurchasesPanel,
} from './member-lists.tsx';
import { CouponsPanel, ProfilePanel, RanksPanel, SessionsPanel } from './member-profile.tsx';
import { formatCoins, fullName, rankName, useMember } from './member-query.ts';
import { MemberStateBadges } from './member-state.tsx';
import { Tabs } from './tabs.tsx';
import styles from './members.module.css';

const TABS = [
  'profile',
  'ranks',
  'gem-lots',
  'gem-ledger',
  'coin-ledger',
  'purchases',
  'items',
  'payments',
  'coupons',
  'sessions',
] as const;
export type MemberTab = (typeof TABS)[number];

/**
 * /admin/members/{id}: one member (GET /api/admin/members/{id}) — balances at the top, then tabs: profile and
 * address, rank history, gem lots with their expiry, the gem and coin ledgers, purchases with their lot
 * positions, won items and their states, payments, coupons and referrals, sessions. The tab, its page and its
 * filter live in the address. Personal data arrives masked for a role without members.pii (the answer's `pii`),
 * and the page says so. A role with members.write has the actions (member-actions.tsx).
 */
export function MemberPage() {
  const { t } = useTranslation(['members', 'console']);
  const { id } = useParams();
  const memberId = Number(id);
  const detail = useMember(memberId);
  const canWrite = useCan()('members.write');
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('tab') as MemberTab | null;
  const tab: MemberTab = rawTab && TABS.includes(rawTab) ? rawTab : 'profile';
  const [notice, setNotice] = useState<string | null>(null);

  /** Moves within the tab: a new page or filter (each param: a value, or null to drop it). */
  const setTabParams = (next: Record<string, string | number | null>, forTab: MemberTab = tab) => {
    const p = new URLSearchParams(forTab === tab ? params : undefined);
    if (forTab !== 'profile') p.set('tab', forTab);
    else p.delete('tab');
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === '' || (k === 'page' && Number(v) <= 1)) p.delete(k);
      else p.set(k, String(v));
    }
    setParams(p, { replace: forTab === tab });
  };

  if (!Number.isInteger(memberId) || memberId <= 0 || detail.isError) {
    const notFound =
      !Number.isInteger(memberId) ||
      (detail.error instanceof ApiStateError && detail.error.response.state === 404);
    return (
      <>
        <h1>{t('member.title', { id: id ?? '' })}</h1>
        <p role="alert">{notFound ? t('member.notFound') : detail.error?.message}</p>
        <Link to="/members">{t('member.back')}</Link>
      </>
    );
  }
  if (detail.isPending) return <p className="loading">{t('console:common.loading')}</p>;
  const data = detail.data;
  const { member } = data;
  const name = fullName(member);

  return (
    <>
      <div className="page-head">
        <h1>
          {t('member.title', { id: member.id })}
          {name ? <span className={styles.headName}> {name}</span> : null}
        </h1>
        <MemberStateBadges member={member} />
        <div className="actions">
          <Link to="/members">{t('member.back')}</Link>
        </div>
      </div>
      <div role="status" aria-live="polite">
        {notice ? <p className="success">{notice}</p> : null}
      </div>
      {!data.pii ? <p className="note note-warn">{t('member.masked')}</p> : null}
      {member.suspended_at ? (
        <p className="note note-warn">
          {t('member.suspendedSince', { when: formatJst(member.suspended_at) })}
          {member.suspended_reason ? (
            <>
              {' '}
              {t('member.suspendedReason')} <q>{member.suspended_reason}</q>
            </>
          ) : null}
        </p>
      ) : null}
      {canWrite ? <MemberActions detail={data} onDone={setNotice} /> : null}
      <Balances detail={data} />
      <Tabs
        label={t('member.sections')}
        current={tab}
        onChange={(key) => setTabParams({}, key)}
        tabs={TABS.map((key) => ({ key, label: <TabLabel tab={key} detail={data} /> }))}
      >
        <TabPanel tab={tab} detail={data} params={params} setTabParams={setTabParams} />
      </Tabs>
    </>
  );
}

function TabLabel({ tab, detail }: { tab: MemberTab; detail: AdminMemberDetail }) {
  const { t } = useTranslation('members');
  const lang = useLang();
  const { counts } = detail;
  const items = counts.items.unselected + counts.items.ship + counts.items.convert + counts.items.shipped;
  const count: Partial<Record<MemberTab, number>> = {
    'gem-lots': counts.live_gem_lots,
    purchases: counts.purchases,
    items,
    payments: counts.payments,
    sessions: detail.sessions.length,
  };
  const n = count[tab];
  return (
    <>
      {t(`tabs.${tab}`)}
      {n !== undefined ? <span className={styles.tabCount}> {formatNumber(n, lang)}</span> : null}
    </>
  );
}

function TabPanel({
  tab,
  detail,
  params,
  setTabParams,
}: {
  tab: MemberTab;
  detail: AdminMemberDetail;
  params: URLSearchParams;
  setTabParams: (next: Record<string, string | number | null>) => void;
}) {
  const id = detail.member.id;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const onPage = (p: number) => setTabParams({ page: p });
  switch (tab) {
    case 'profile':
      return <ProfilePanel detail={detail} />;
    case 'ranks':
      return <RanksPanel detail={detail} />;
    case 'gem-lots':
      return (
        <GemLotsPanel
          id={id}
          page={page}
          state={params.get('state') === 'all' ? 'all' : 'live'}
          onPage={onPage}
          onState={(state) => setTabParams({ state: state === 'live' ? null : state, page: null })}
        />
      );
    case 'gem-ledger':
      return <GemLedgerPanel id={id} page={page} onPage={onPage} />;
    case 'coin-ledger':
      return <CoinLedgerPanel id={id} page={page} onPage={onPage} />;
    case 'purchases':
      return <PurchasesPanel id={id} page={page} onPage={onPage} />;
    case 'items':
      return (
        <ItemsPanel
          id={id}
          page={page}
          status={params.get('status')}
          counts={detail.counts.items}
          onPage={onPage}
          onStatus={(status) => setTabParams({ status, page: null })}
        />
      );
    case 'payments':
      return <PaymentsPanel id={id} page={page} onPage={onPage} pii={detail.pii} />;
    case 'coupons':
      return <CouponsPanel detail={detail} />;
    case 'sessions':
      return <SessionsPanel detail={detail} />;
  }
}

/** The member's standing at a glance: gems and their next expiry, coins, rank, verification, counts. */
function Balances({ detail }: { detail: AdminMemberDetail }) {
  const { t } = useTranslation('members');
  const lang = useLang();
  const { member, counts } = detail;
  return (
    <dl className={`summary ${styles.balances}`}>
      <div>
        <dt>{t('balances.gems')}</dt>
        <dd data-testid="member-gems">{formatNumber(member.gems, lang)}</dd>
        {member.next_gem_expiry ? (
          <dd className={styles.sub}>
            {t('balances.nextExpiry', {
              gems: formatNumber(member.next_gem_expiry.gems, lang),
              when: formatJst(member.next_gem_expiry.at),
            })}
          </dd>
        ) : null}
      </div>
      <div>
        <dt>{t('balances.coins')}</dt>
        <dd data-testid="member-coins">{formatCoins(member.coin_tenths, lang)}</dd>
        <dd className={styles.sub}>
          {t('balances.carry', { gems: formatNumber(member.coin_carry_gems, lang) })}
        </dd>
      </div>
      <div>
        <dt>{t('balances.rank')}</dt>
        <dd>{rankName(member.rank, lang)}</dd>
        {member.rank_maintained_month ? (
          <dd className={styles.sub}>{t('balances.maintained', { month: member.rank_maintained_month })}</dd>
        ) : null}
      </div>
      <div>
        <dt>{t('balances.sms')}</dt>
        <dd>{member.end_sms ? t('balances.verified') : t('balances.notVerified')}</dd>
        {member.verified_phone ? <dd className={styles.sub}>{member.verified_phone}</dd> : null}
      </div>
      <div>
        <dt>{t('balances.items')}</dt>
        <dd>{formatNumber(counts.items.unselected, lang)}</dd>
        <dd className={styles.sub}>
          {t('balances.itemsSub', {
            ship: formatNumber(counts.items.ship, lang),
            batches: formatNumber(counts.open_shipments, lang),
          })}
        </dd>
      </div>
    </dl>
  );
}
