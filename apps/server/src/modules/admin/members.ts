import type {
  AdminMemberDetail,
  AdminMemberRow,
  AdminMemberSearchQuery,
  adminCoinLedgerSchema,
  adminGemLedgerSchema,
  adminGemLotListSchema,
  adminMemberItemListSchema,
  adminMemberPaymentListSchema,
  adminMemberPurchaseListSchema,
} from '@gacha/contract/admin-members';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import type { WonItemStatus } from '../../db/schema.ts';
import { liveSessionsOf } from '../../http/session.ts';
import { ensureMember, memberNotFound } from '../account/staff.ts';
import { gemBalance } from '../gems/service.ts';
import { verifiedPhoneOf } from '../sms/service.ts';
import * as repo from './members-repo.ts';

export const TAB_PER_PAGE = 50;

// --- personal data for roles without members.pii ---

const maskWord = (w: string) => (w ? `${[...w][0]}***` : '');

/** 't***@example.com'. */
export function maskMail(mail: string): string {
  const at = mail.lastIndexOf('@');
  return at > 0 ? `${maskWord(mail.slice(0, at))}${mail.slice(at)}` : maskWord(mail);
}

/** '*********00': the last two digits. */
export function maskTel(tel: string): string {
  return tel.length <= 2 ? '*'.repeat(tel.length) : `${'*'.repeat(tel.length - 2)}${tel.slice(-2)}`;
}

const joinName = (parts: readonly string[]) => parts.filter(Boolean).join(' ');

function paging(page: number | undefined, total: number, perPage: number) {
  const allPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page ?? 1), allPage);
  return { page: current, all_page: allPage, per_page: perPage, total, offset: (current - 1) * perPage };
}

const pageOf = (p: ReturnType<typeof paging>) => ({
  page: p.page,
  all_page: p.all_page,
  per_page: p.per_page,
  total: p.total,
});

/** A page clamped to the last one: read at the page asked for, and again at the last page when past the end. */
async function paged<R>(
  page: number | undefined,
  perPage: number,
  read: (p: repo.Page) => Promise<{ total: number; rows: R[] }>,
) {
  const first = paging(page, Number.MAX_SAFE_INTEGER, perPage);
  let r = await read({ limit: perPage, offset: first.offset });
  let p = paging(page, r.total, perPage);
  if (p.offset !== first.offset) r = await read({ limit: perPage, offset: p.offset });
  p = paging(page, r.total, perPage);
  return { rows: r.rows, info: pageOf(p) };
}

// --- search ---

export async function searchMembers(
  db: Db,
  query: AdminMemberSearchQuery,
  args: { pii: boolean; now: Date },
) {
  const { list: rows, ...info } = await repo.searchMembers(db, query, args.pii);
  const balances = await repo.balancesOf(
    db,
    rows.map((r) => r.id),
    args.now.toISOString(),
  );
  const list = rows.map((r): AdminMemberRow => ({
    id: r.id,
    mail: args.pii ? r.mail : maskMail(r.mail),
    name: args.pii
      ? joinName([r.last_name, r.middle_name, r.first_name])
      : joinName([r.last_name, r.middle_name, r.first_name].map(maskWord)),
    tel: args.pii ? r.tel : maskTel(r.tel),
    referral_code: r.referral_code,
    rank: r.rank,
    gems: balances.get(r.id) ?? 0,
    coin_tenths: r.coin_tenths,
    end_sms: r.end_sms === 1,
    suspended_at: r.suspended_at,
    anonymised_at: r.anonymised_at,
    created_at: r.created_at,
  }));
  return { list, ...info, pii: args.pii };
}

// --- the member page ---

export async function memberDetail(
  db: Db,
  userId: number,
  opts: { pii: boolean; now: Date },
): Promise<AdminMemberDetail> {
  const at = opts.now.toISOString();
  const u = await repo.findMember(db, userId);
  if (!u) throw memberNotFound();
  const { pii } = opts;
  const [gems, nextExpiry, phone, ranks, referrer, reward, referred, coupons, sessions, items, counts] =
    await Promise.all([
      gemBalance(db, userId, opts.now),
      repo.nextExpiry(db, userId, at),
      verifiedPhoneOf(db, userId),
      repo.rankMonths(db, userId, 24),
      u.referred_by === null ? Promise.resolve([]) : repo.memberCodes(db, [u.referred_by]),
      repo.rewardOfReferred(db, userId),
      repo.referredBy(db, userId, 100),
      repo.couponsUsed(db, userId, 100),
      liveSessionsOf(db, userId, opts.now),
      repo.itemCounts(db, userId),
      repo.memberCounts(db, userId, at),
    ]);
  const hasAddress = u.country_id !== null || !!(u.zipcode || u.shiku || u.address || u.pref_text);
  return {
    pii,
    member: {
      id: u.id,
      mail: pii ? u.mail : maskMail(u.mail),
      last_name: pii ? u.last_name : maskWord(u.last_name),
      middle_name: pii ? u.middle_name : maskWord(u.middle_name),
      first_name: pii ? u.first_name : maskWord(u.first_name),
      tel: pii ? u.tel : maskTel(u.tel),
      lang: u.lang,
      referral_code: u.referral_code,
      has_password: u.pass_hash !== null,
      google_linked: u.google_sub !== null,
      apple_linked: u.apple_sub !== null,
      end_sms: u.end_sms === 1,
      verified_phone: phone === null ? null : pii ? phone : maskTel(phone),
      rank: u.rank,
      rank_maintained_month: u.rank_maintained_month,
      gems,
      next_gem_expiry: nextExpiry,
      coin_tenths: u.coin_tenths,
      coin_carry_gems: u.coin_carry_gems,
      created_at: u.created_at,
      updated_at: u.updated_at,
      last_gem_use_at: u.last_gem_use_at,
      inactivity_notice_at: u.inactivity_notice_at,
      anonymised_at: u.anonymised_at,
      suspended_at: u.suspended_at,
      suspended_reason: u.suspended_reason,
    },
    address:
      pii && hasAddress
        ? {
            country_id: u.country_id,
            country_name_en: u.country_name_en ?? '',
            country_name_ja: u.country_name_ja ?? '',
            zipcode: u.zipcode,
            pref_id: u.pref_id,
            pref_text: u.pref_text,
            shiku: u.shiku,
            address: u.address,
            building: u.building,
          }
        : null,
    ranks: ranks.map((r) => ({ ...r })),
    referral: {
      referred_by: referrer[0] ? { id: referrer[0].id, referral_code: referrer[0].referral_code } : null,
      reward: reward ? { amount: reward.amount, created_at: reward.created_at } : null,
      referred: referred.rows,
      referred_total: referred.total,
    },
    coupons: coupons.map((c) => ({ ...c })),
    sessions: sessions.map((s) => ({
      created_at: s.created_at,
      last_seen_at: s.last_seen_at,
      expires_at: s.expires_at,
      persistent: s.persistent === 1,
    })),
    counts: {
      purchases: counts.purchases,
      payments: counts.payments,
      live_gem_lots: counts.liveLots,
      items,
      open_shipments: counts.openShipments,
    },
  };
}

export async function memberGemLots(
  db: Db,
  userId: number,
  args: { state: 'live' | 'all'; page: number | undefined; now: Date },
): Promise<z.infer<typeof adminGemLotListSchema>> {
  await ensureMember(db, userId);
  const at = args.now.toISOString();
  const { rows, info } = await paged(args.page, TAB_PER_PAGE, (p) =>
    repo.gemLots(db, userId, args.state === 'live', at, p),
  );
  return {
    list: rows.map((l) => ({
      ...l,
      kind: l.kind === 'paid' ? ('paid' as const) : ('bonus' as const),
      expired: l.expires_at <= at,
    })),
    ...info,
  };
}

export async function memberGemLedger(
  db: Db,
  userId: number,
  page: number | undefined,
): Promise<z.infer<typeof adminGemLedgerSchema>> {
  await ensureMember(db, userId);
  const { rows, info } = await paged(page, TAB_PER_PAGE, (p) => repo.gemLedger(db, userId, p));
  return { list: rows, ...info };
}

export async function memberCoinLedger(
  db: Db,
  userId: number,
  page: number | undefined,
): Promise<z.infer<typeof adminCoinLedgerSchema>> {
  await ensureMember(db, userId);
  const { rows, info } = await paged(page, TAB_PER_PAGE, (p) => repo.coinLedger(db, userId, p));
  return { list: rows, ...info };
}

export async function memberPurchases(
  db: Db,
  userId: number,
  page: number | undefined,
): Promise<z.infer<typeof adminMemberPurchaseListSchema>> {
  await ensureMember(db, userId);
  const { rows, info } = await paged(page, TAB_PER_PAGE, (p) => repo.purchases(db, userId, p));
  const counts = await repo.itemCountsOfPurchases(
    db,
    rows.map((r) => r.id),
  );
  const byPurchase = new Map<number, { status: WonItemStatus; n: number }[]>();
  for (const c of counts) {
    byPurchase.set(c.purchase_id, [...(byPurchase.get(c.purchase_id) ?? []), c]);
  }
  return {
    list: rows.map((r) => ({
      ...r,
      last_position: r.first_position + r.count - 1,
      items: repo.countsByStatus(byPurchase.get(r.id) ?? []),
    })),
    ...info,
  };
}

export async function memberItems(
  db: Db,
  userId: number,
  args: { status: WonItemStatus | undefined; page: number | undefined },
): Promise<z.infer<typeof adminMemberItemListSchema>> {
  await ensureMember(db, userId);
  const { rows, info } = await paged(args.page, TAB_PER_PAGE, (p) =>
    repo.wonItems(db, userId, args.status, p),
  );
  return {
    list: rows.map((r) => ({
      ...r,
      is_last_one: r.is_last_one === 1,
      shipment_status: r.shipment_status ?? null,
      delivery_code: r.delivery_code ?? null,
    })),
    ...info,
  };
}

export async function memberPayments(
  db: Db,
  userId: number,
  args: { page: number | undefined; pii: boolean },
): Promise<z.infer<typeof adminMemberPaymentListSchema>> {
  await ensureMember(db, userId);
  const { rows, info } = await paged(args.page, TAB_PER_PAGE, (p) => repo.payments(db, userId, p));
  return {
    list: rows.map(({ credited, holder_name, ...r }) => ({
      ...r,
      holder_name: args.pii ? holder_name : null,
      credited: credited !== null,
    })),
    ...info,
  };
}
