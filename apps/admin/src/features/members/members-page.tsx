import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { adminMemberListSchema, type AdminMemberRow } from '@gacha/contract/admin-members';
import type { Columns } from '../../components/data-table.tsx';
import { api, query, unwrap } from '../../lib/api.ts';
import { formatJst, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { formatCoins, MEMBERS_KEY, rankName } from './member-query.ts';
import { MemberStateBadges } from './member-state.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import styles from './members.module.css';

/**
 * /admin/members: search by member number, email, name, phone or referral code (GET /api/admin/members?q&page,
 * both in the address), newest first, a page at a time as the API pages them. Without members.pii the answer
 * masks personal data and the search matches member numbers and referral codes only; the page says so.
 */
export function MembersPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const members = useQuery({
    queryKey: [...MEMBERS_KEY, 'search', q, page],
    queryFn: async () => unwrap(await api.get(`admin/members${query({ q, page })}`, adminMemberListSchema)),
    placeholderData: keepPreviousData,
  });

  const form = useForm<{ q: string }>({ values: { q } });
  const search = form.handleSubmit((values) => {
    const next = new URLSearchParams();
    if (values.q.trim()) next.set('q', values.q.trim());
    setParams(next);
  });
  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
  };

  const columns = useMemo<Columns<AdminMemberRow>>(
    () => [
      {
        id: 'id',
        header: () => t('members.list.id'),
        cell: ({ row }) => (
          <Link to={`/members/${row.original.id}`} className={styles.idLink}>
            #{row.original.id}
          </Link>
        ),
        meta: { className: 'num' },
      },
      {
        id: 'member',
        header: () => t('members.list.member'),
        cell: ({ row }) => (
          <>
            <Link to={`/members/${row.original.id}`}>{row.original.name || t('members.noName')}</Link>
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
        header: () => t('members.list.referral'),
        cell: ({ row }) => <code>{row.original.referral_code}</code>,
      },
      {
        id: 'rank',
        header: () => t('members.list.rank'),
        cell: ({ row }) => (
          <>
            {rankName(row.original.rank, lang)}
            <span className={styles.contact}>
              {row.original.end_sms ? t('members.list.smsDone') : t('members.list.smsNot')}
            </span>
          </>
        ),
        meta: { className: 'nowrap' },
      },
      {
        id: 'gems',
        header: () => t('members.list.gems'),
        cell: ({ row }) => formatNumber(row.original.gems, lang),
        meta: { className: 'num' },
      },
      {
        id: 'coins',
        header: () => t('members.list.coins'),
        cell: ({ row }) => formatCoins(row.original.coin_tenths, lang),
        meta: { className: 'num' },
      },
      {
        id: 'joined',
        header: () => t('members.list.joined'),
        cell: ({ row }) => formatJst(row.original.created_at, { zone: false }).slice(0, 10),
        meta: { className: 'nowrap' },
      },
    ],
    [t, lang],
  );

  const data = members.data;
  return (
    <>
      <h1>{t('members.title')}</h1>
      <form className="filters" role="search" onSubmit={search} aria-label={t('members.search.label')}>
        <label className={`filter ${styles.searchField}`}>
          <span>{t('members.search.label')}</span>
          <input type="search" {...form.register('q')} maxLength={254} autoComplete="off" />
        </label>
        <div className="filter-actions">
          <button type="submit" className="button-primary">
            {t('members.search.submit')}
          </button>
          {q ? (
            <button type="button" onClick={() => setParams(new URLSearchParams())}>
              {t('table.clear')}
            </button>
          ) : null}
        </div>
      </form>
      {data && !data.pii ? <p className="note note-warn">{t('members.search.masked')}</p> : null}
      {members.isError ? <p role="alert">{members.error.message}</p> : null}
      {members.isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {q
              ? t('members.search.found', { count: data?.total ?? 0, q })
              : t('members.search.all', { count: data?.total ?? 0 })}
          </p>
          <PagedTable
            columns={columns}
            data={data}
            page={page}
            onPage={goTo}
            caption={t('members.title')}
            empty={q ? t('members.search.none', { q }) : t('members.search.empty')}
            pagerLabel={t('members.search.pages')}
          />
        </>
      )}
    </>
  );
}
