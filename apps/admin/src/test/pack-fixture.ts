import type { AdminPackDetail } from '@gacha/contract/admin';

type AdminPack = AdminPackDetail['pack'];

/**
 * A pack as its console page reads it (GET /api/admin/packs/{id}, the `pack` part): a published gem pack of ten
 * 100-gem lots on sale since 2026, nothing sold, no limits, with what the test changes.
 */
export function adminPack(overrides: Partial<AdminPack> = {}): AdminPack {
  return {
    id: 9,
    name_en: 'Pack',
    name_ja: 'パック',
    status: 'published',
    phase: 'on_sale',
    card_type_id: 2,
    payment_method: 1,
    point: 100,
    total_pack_count: 10,
    sold_count: 0,
    start_at: '2026-01-01T01:00:00.000Z',
    end_at: null,
    paused: false,
    can_limit: 0,
    limit_count: 0,
    limit_message_en: '',
    limit_message_ja: '',
    max_buy_count: 0,
    show_cardlist: 1,
    detail_en: '',
    detail_ja: '',
    movie_style: 1,
    sort: 0,
    commitment: 'abc',
    images: [],
    banner_image: '',
    ...overrides,
  };
}
