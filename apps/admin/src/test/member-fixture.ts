import type { AdminMemberDetail, AdminMemberRow } from '@gacha/contract/admin-members';

/** A member page answer (GET /api/admin/members/{id}) in full (`pii: true`) or masked as the server masks it. */
export function memberDetail(
  { pii = true, id = 42, gems = 1500, coinTenths = 125 } = {},
  overrides: Partial<AdminMemberDetail['member']> = {},
): AdminMemberDetail {
  return {
    pii,
    member: {
      id,
      mail: pii ? 'hanako@example.com' : 'h***@example.com',
      last_name: pii ? 'Yamada' : 'Y***',
      middle_name: '',
      first_name: pii ? 'Hanako' : 'H***',
      tel: pii ? '09012345678' : '*********78',
      lang: 'ja',
      referral_code: 'HANA2026',
      has_password: true,
      google_linked: true,
      apple_linked: false,
      end_sms: true,
      verified_phone: pii ? '+819012345678' : '***********78',
      rank: 3,
      rank_maintained_month: null,
      gems,
      next_gem_expiry: { at: '2027-05-01T00:00:00.000Z', gems: 500 },
      coin_tenths: coinTenths,
      coin_carry_gems: 40,
      created_at: '2026-01-10T01:00:00.000Z',
      updated_at: '2026-11-01T01:00:00.000Z',
      last_gem_use_at: '2026-11-19T01:00:00.000Z',
      inactivity_notice_at: null,
      anonymised_at: null,
      suspended_at: null,
      suspended_reason: null,
      ...overrides,
    },
    address: pii
      ? {
          country_id: 392,
          country_name_en: 'Japan',
          country_name_ja: '日本',
          zipcode: '1500001',
          pref_id: 13,
          pref_text: 'Tokyo',
          shiku: 'Shibuya',
          address: '1-2-3 Jingumae',
          building: 'Gacha Bldg 4F',
        }
      : null,
    ranks: [
      { month: '2026-11', rank: 3, spend: 250_000, how: 'spend', created_at: '2026-10-31T15:00:00.000Z' },
    ],
    referral: { referred_by: null, reward: null, referred: [], referred_total: 0 },
    coupons: [],
    sessions: [
      {
        created_at: '2026-11-19T01:00:00.000Z',
        last_seen_at: '2026-11-20T01:00:00.000Z',
        expires_at: '2026-12-19T01:00:00.000Z',
        persistent: true,
      },
    ],
    counts: {
      purchases: 3,
      payments: 2,
      live_gem_lots: 2,
      items: { unselected: 1, ship: 0, convert: 2, shipped: 0 },
      open_shipments: 0,
    },
  };
}

/** The search list's row of the same member. */
export function memberRow(detail: AdminMemberDetail): AdminMemberRow {
  const m = detail.member;
  return {
    id: m.id,
    mail: m.mail,
    name: `${m.last_name} ${m.first_name}`,
    tel: m.tel,
    referral_code: m.referral_code,
    rank: m.rank,
    gems: m.gems,
    coin_tenths: m.coin_tenths,
    end_sms: m.end_sms,
    suspended_at: m.suspended_at,
    anonymised_at: m.anonymised_at,
    created_at: m.created_at,
  };
}
