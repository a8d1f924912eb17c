import type { AdminDashboard, AdminDashboardTotals } from '@gacha/contract/admin-dashboard';

const totals = (scale: number): AdminDashboardTotals => ({
  gems_sold: [
    { method: 'card', payments: 3 * scale, gems: 30_000 * scale, yen: 30_000 * scale },
    { method: 'bank', payments: 1 * scale, gems: 5_000 * scale, yen: 5_000 * scale },
  ],
  sold: { payments: 4 * scale, gems: 35_000 * scale, yen: 35_000 * scale },
  refunds: { count: 1 * scale, yen: 2_100 * scale },
  net_yen: 32_900 * scale,
  gems_spent_on_packs: 12_500 * scale,
  coins_spent_on_packs: 40 * scale,
  pack_purchases: 9 * scale,
  packs_played: 25 * scale,
  coins_issued_tenths: 125 * scale,
  coins_issued_by_reason: [{ reason: 'pack_purchase_reward', tenths: 125 * scale }],
});

/** A dashboard answer (contract admin-dashboard.ts) for component tests: today 2026-11-20, the month 2026-11. */
export function dashboardAnswer(overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  return {
    generated_at: '2026-11-20T03:00:00.000Z',
    today: { ...totals(1), date: '2026-11-20' },
    month: { ...totals(10), month: '2026-11' },
    daily: Array.from({ length: 20 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      payments: 2,
      gems_sold: 17_500,
      yen: 17_500,
      gems_spent_on_packs: 6_250,
      coins_spent_on_packs: 20,
      packs_played: 12,
      coins_issued_tenths: 62,
    })),
    packs_selling: [
      {
        id: 7,
        name_en: 'Dragon Pack',
        name_ja: 'ドラゴンパック',
        payment_method: 1,
        point: 500,
        total: 400,
        sold: 150,
        remaining: 250,
        sold_today: 12,
        sold_this_month: 90,
        paused: false,
        end_at: '2026-12-31T14:59:00.000Z',
      },
      {
        id: 8,
        name_en: 'Coin Pack',
        name_ja: 'コインパック',
        payment_method: 2,
        point: 30,
        total: 100,
        sold: 99,
        remaining: 1,
        sold_today: 0,
        sold_this_month: 4,
        paused: true,
        end_at: null,
      },
    ],
    shipments_waiting: {
      batches: 6,
      items: 14,
      oldest_at: '2026-11-01T00:00:00.000Z',
      by_age: [
        { age: 'under_7_days', batches: 3, items: 5 },
        { age: 'days_7_to_14', batches: 2, items: 6 },
        { age: 'over_14_days', batches: 1, items: 3 },
      ],
    },
    bank_transfers_pending: { count: 2, yen: 10_000, gems: 10_000, oldest_at: '2026-11-19T00:00:00.000Z' },
    posts_pending: { count: 4, oldest_at: '2026-11-18T00:00:00.000Z' },
    ...overrides,
  };
}
