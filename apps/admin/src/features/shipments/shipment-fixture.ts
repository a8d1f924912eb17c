/** Batches as GET /api/admin/shipments answers them: #9 waited 3 days, #10 is 16 days old (overdue). */
export function shipment(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    user_id: 40 + id,
    status: 'open',
    delivery_code: null,
    created_at: '2026-03-01T00:00:00.000Z',
    shipped_at: null,
    item_count: 2,
    carrier: null,
    age_days: 3,
    due_at: '2026-03-15T00:00:00.000Z',
    overdue: false,
    declared_total_yen: 1300,
    address: {
      name: `Member ${id}`,
      country_id: 840,
      country_en: 'United States',
      country_ja: 'アメリカ合衆国',
      zipcode: '10001',
      state: 'NY',
      city: 'New York',
      address: '1 Main St',
      building: 'Apt 2',
      tel: '555-0100',
    },
    items: [
      {
        history_id: id * 10,
        exchange_id: null,
        card_id: 3,
        name: 'Blaze Dragon',
        model_number: 'SV-001',
        status: 'ship',
        customs_category: 'cards',
        value_yen: 2000,
        declared_value_yen: 1000,
      },
      {
        history_id: id * 10 + 1,
        exchange_id: null,
        card_id: 4,
        name: 'Graded Sprout',
        model_number: 'PSA-9',
        status: 'ship',
        customs_category: 'psa',
        value_yen: 10,
        declared_value_yen: 300,
      },
    ],
    ...over,
  };
}

export const BATCHES = [
  shipment(9),
  shipment(10, { age_days: 16, overdue: true, due_at: '2026-02-27T00:00:00.000Z' }),
];

/** GET /api/admin/shipments/packing-list?ids=9,10 */
export function packingList(ids: number[]) {
  return {
    sender: {
      name: 'Gacha Gems',
      address: '1-2-3 Shibuya, Tokyo',
      email: 'shop@example.com',
      country_code: 'JP',
    },
    origin_country: 'JP',
    currency: 'JPY',
    nature: 'merchandise',
    rules_from: '2025-04-04',
    printed_at: '2026-03-04T00:00:00.000Z',
    sheets: ids.map((id) => {
      const s = shipment(id);
      return {
        shipment: {
          id,
          user_id: s.user_id,
          status: 'open',
          created_at: s.created_at,
          age_days: 3,
          due_at: s.due_at,
          carrier: null,
          delivery_code: null,
        },
        recipient: { ...s.address, country: 'United States', country_code: 'US' },
        items: s.items.map(({ status: _s, value_yen: _v, ...item }) => item),
        customs: [
          { customs_category: 'cards', description: 'Trading card', quantity: 1, declared_value_yen: 1000 },
          {
            customs_category: 'psa',
            description: 'Graded trading card (PSA)',
            quantity: 1,
            declared_value_yen: 300,
          },
        ],
        declared_total_yen: 1300,
      };
    }),
  };
}
