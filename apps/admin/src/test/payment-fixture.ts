/** A card payment of 3,000 gems, 1,200 of them spent, as GET /api/admin/payments/{id} answers it. */
export function paymentRow(over: Record<string, unknown> = {}) {
  return {
    id: 5,
    payment_id: 'pay_5_abc',
    user_id: 42,
    email: 'ann@example.com',
    method: 'card',
    provider: 'sandbox',
    status: 'succeeded',
    amount_yen: 3000,
    gems: 3000,
    provider_ref: 'sbx_ref_5',
    holder_name: null,
    receipt_number: null,
    failure_code: null,
    created_at: '2026-03-01T01:00:00.000Z',
    expires_at: '2026-03-04T01:00:00.000Z',
    settled_at: '2026-03-01T01:01:00.000Z',
    refund: null,
    matched_by_hand: false,
    ...over,
  };
}

export function paymentDetail(over: Record<string, unknown> = {}) {
  return {
    payment: { ...paymentRow(), point_price_id: 2, pack_id: null, combini_code: null },
    credit: {
      lot_id: 77,
      gems: 3000,
      credited_at: '2026-03-01T01:01:00.000Z',
      lot_expires_at: '2026-09-01T01:01:00.000Z',
      unspent: 1800,
      spent: 1200,
      expired: false,
    },
    refund_options: { company_fault: 3000, legal_unused: 1800 },
    refund: null,
    match: null,
    events: [
      {
        id: 1,
        provider: 'sandbox',
        event_id: 'evt_1',
        type: 'payment.succeeded',
        received_at: '2026-03-01T01:01:00.000Z',
      },
    ],
    pii: true,
    ...over,
  };
}

export function refundOf(kind: 'company_fault' | 'legal_unused', reason: string) {
  return {
    id: 1,
    reason_kind: kind,
    reason,
    gems: 3000,
    gems_reclaimed: 1800,
    gems_spent: 1200,
    amount_yen: kind === 'company_fault' ? 3000 : 1800,
    status: 'succeeded',
    attempt: 1,
    provider: 'sandbox',
    provider_refund_ref: 're_1',
    failure_code: null,
    staff_id: 1,
    staff_email: 'operator@shop.example',
    created_at: '2026-03-02T01:00:00.000Z',
    settled_at: '2026-03-02T01:00:01.000Z',
  };
}
