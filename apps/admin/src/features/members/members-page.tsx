import { useMemo } from 'react';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { adminMemberListSchema } from '@gacha/contract/admin-members';
import { memberSorts, memberStates, type AdminMemberRow } from '@gacha/contract/admin-members';
import { RANKS } from '@gacha/contract/user';
import { searchMembersRoute } from '@gacha/contract/routes/admin-members';
import type { Columns } from '../../components/data-table.tsx';
import { ResourceList, type Resource } from '../../components/resource-list.tsx';
import { formatJst, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { formatCoins, MEMBERS_KEY, rankName } from './member-query.ts';
import { MemberStateBadges } from './member-state.tsx';
import styles from './members.module.css';

/**
 * /admin/members: the console's resource list of members (GET /api/admin/members), searched by member number,
 * email, name, phone or referral code, filtered by state, SMS verification and rank, newest first unless sorted;
 * the query in the address. Without members.pii the answer masks personal data and the search matches member
 * numbers and referral codes only; the page says so.
 */
export function MembersPage() {
  const { t } = useTranslation('members');
  const lang = useLang();
  const can = useCan();

  const columns = useMemo<Columns<AdminMemberRow>>(
    () => [
      {
        id: 'id',
        header: () => t('list.id'),
        cell: ({ row }) => (
          <Link to={`/members/${row.original.id}`} className={styles.idLink}>
            #{row.original.id}
          </Link>
        ),
        meta: { className: 'num' },
      },
      {
        id: 'member',
        header: () => t('list.member'),
        cell: ({ row }) => (
          <>
            <Link to={`/members/${row.original.id}`}>{row.original.name || t('noName')}</Link>
            <MemberStateBadges member={row.original} />
            <span className={styles.contact}>
              <span className={styles.mail}>{row.original.mail}</span>
              {row.original.tel ? <span className="nowrap">{row.original.tel}</span> : null}
            </span>
          </>
        ),
        meta: { className: styles.memberCell },
      },
      {
        id: 'referral',
        header: () => t('list.referral'),
        cell: ({ row }) => <code>{row.original.referral_code}</code>,
      },
      {
        id: 'rank',
        header: () => t('list.rank'),
        cell: ({ row }) => (
          <>
            {rankName(row.original.rank, lang)}
            <span className={styles.contact}>
              {row.original.end_sms ? t('list.smsDone') : t('list.smsNot')}
            </span>
          </>
        ),
        meta: { className: 'nowrap' },
      },
      {
        id: 'gems',
        header: () => t('list.gems'),
        cell: ({ row }) => formatNumber(row.original.gems, lang),
        meta: { className: 'num' },
      },
      {
        id: 'coins',
        header: () => t('list.coins'),
        cell: ({ row }) => formatCoins(row.original.coin_tenths, lang),
        meta: { className: 'num' },
      },
      {
        id: 'created_at',
        header: () => t('list.joined'),
        cell: ({ row }) => formatJst(row.original.created_at, { zone: false }).slice(0, 10),
        meta: { className: 'nowrap' },
      },
    ],
    [t, lang],
  );

  const resource: Resource<AdminMemberRow, z.infer<typeof adminMemberListSchema>> = {
    route: searchMembersRoute,
    queryKey: [...MEMBERS_KEY, 'search'],
    columns,
    sorts: memberSorts,
    defaultSort: { id: 'id', desc: true },
    filters: [
      {
        name: 'state',
        label: t('filter.state'),
        all: t('filter.any'),
        options: memberStates.map((s) => ({ value: s, label: t(`state.${s}`) })),
      },
      {
        name: 'sms',
        label: t('filter.sms'),
        all: t('filter.any'),
        options: [
          { value: 'done', label: t('list.smsDone') },
          { value: 'not', label: t('list.smsNot') },
        ],
      },
      {
        name: 'rank',
        label: t('filter.rank'),
        all: t('filter.any'),
        options: RANKS.map((r) => ({ value: r.id, label: rankName(r.id, lang) })),
      },
    ],
    caption: t('title'),
    empty: t('search.empty'),
    // without members.pii the search matches member numbers and referral codes only: the label says so
    searchLabel: can('members.pii') ? t('search.label') : t('search.labelMasked'),
  };
  return (
    <>
      <h1>{t('title')}</h1>
      <ResourceList
        resource={resource}
        notice={(answer) => (answer.pii ? null : <p className="note note-warn">{t('search.masked')}</p>)}
      />
    </>
  );
}
