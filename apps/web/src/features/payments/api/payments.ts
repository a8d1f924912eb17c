import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CardTokenResult,
  PointBuyInput,
  PointBuyResult,
  PointPriceList,
} from '@gacha/contract/payments';
import {
  amazonButtonRoute,
  amazonCheckoutRoute,
  appendPointsRoute,
  bankInfoRoute,
  buyPointsRoute,
  combiniInfoRoute,
  completeAmazonCheckoutRoute,
  freeGrantRoute,
  payStylesRoute,
  pointEndRoute,
  pointHistoryRoute,
  pointPriceDetailRoute,
  pointPricesRoute,
} from '@gacha/contract/routes/payments';
import { call, unwrap, type ApiAnswer } from '../../../lib/api.ts';

/** GET /user/point_price/{page}: the gem courses with the FX rate and the campaign window. */
export async function fetchPointPrices(page: number): Promise<PointPriceList> {
  return unwrap(await call(pointPricesRoute, { params: { page: String(page) } }));
}

export function usePointPrices(page: number) {
  return useQuery({
    queryKey: ['payments', 'prices', page],
    queryFn: () => fetchPointPrices(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /user/point_price/detail/{id}. */
export function usePointPriceDetail(id: string) {
  return useQuery({
    queryKey: ['payments', 'price', id],
    queryFn: async () => unwrap(await call(pointPriceDetailRoute, { params: { id } })),
    enabled: /^\d{1,9}$/.test(id),
    retry: false,
    staleTime: 0,
  });
}

/** GET /user/pay_style?pointPriceId: the methods on offer and where card data is tokenised. */
export function usePayStyles(pointPriceId: string) {
  return useQuery({
    queryKey: ['payments', 'pay-style', pointPriceId],
    queryFn: async () => unwrap(await call(payStylesRoute, { query: { pointPriceId } })),
    retry: false,
    staleTime: 60_000,
  });
}

/** The answer of POST /user/point/buy (and of the Amazon Pay checkout, which answers alike). */
export type BuyAnswer = ApiAnswer<PointBuyResult>;

/** POST /user/point/buy. Non-200 answers are returned, not thrown: the caller shows their message. */
export function buyPoints(input: PointBuyInput): Promise<BuyAnswer> {
  return call(buyPointsRoute, { body: input });
}

/** GET /user/set_checkout_session/{id}: starts an Amazon Pay payment (answers like point/buy). */
export function amazonCheckout(pointPriceId: number, productId?: string): Promise<BuyAnswer> {
  return call(amazonCheckoutRoute, { params: { id: pointPriceId }, query: { productId } });
}

/** GET /user/button_signature: the Amazon Pay button page of the pending payment. */
export function amazonButton(paymentId: string) {
  return call(amazonButtonRoute, { query: { payment_id: paymentId } });
}

/** GET /user/complete_checkout_session: back from Amazon Pay, confirm and credit. */
export function completeAmazonCheckout(query: URLSearchParams) {
  return call(completeAmazonCheckoutRoute, {
    query: {
      payment_id: query.get('payment_id') ?? undefined,
      amazonCheckoutSessionId: query.get('amazonCheckoutSessionId') ?? undefined,
    },
  });
}

/** POST /user/point/append {token: payment_id}: confirms the payment on return; idempotent. */
export function appendPoints(paymentId: string) {
  return call(appendPointsRoute, { body: { token: paymentId } });
}

/** GET /user/point/end(?payment_id). */
export function fetchPointEnd(paymentId: string | null) {
  return call(pointEndRoute, { query: { payment_id: paymentId ?? undefined } });
}

/** POST /user/coupon/point/present {pointPriceId}: the free grant. */
export function presentFreeGrant(pointPriceId: number) {
  return call(freeGrantRoute, { body: { pointPriceId } });
}

/** GET /user/point/combini_number. */
export function useCombiniInfo(paymentId: string | null) {
  return useQuery({
    queryKey: ['payments', 'combini', paymentId],
    queryFn: async () =>
      unwrap(await call(combiniInfoRoute, { query: { payment_id: paymentId ?? undefined } })),
    retry: false,
    staleTime: 0,
  });
}

/** GET /user/bank. */
export function useBankInfo(paymentId: string | null) {
  return useQuery({
    queryKey: ['payments', 'bank', paymentId],
    queryFn: async () => unwrap(await call(bankInfoRoute, { query: { payment_id: paymentId ?? undefined } })),
    retry: false,
    staleTime: 0,
  });
}

/** GET /user/point/list/{page}: the gem ledger. */
export function usePointHistory(page: number) {
  return useQuery({
    queryKey: ['payments', 'history', page],
    queryFn: async () => unwrap(await call(pointHistoryRoute, { params: { page: String(page) } })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * The card tokenizer (the URL comes from /user/pay_style): card data goes there, never to the shop. Answers
 * `{code:'success', token, req_card_number}` or a spec §8 code; a transport failure is code 7001.
 */
export async function tokenizeCard(
  url: string,
  input: { card_number: string; card_expire: string; security_code: string; cardholder_name: string },
): Promise<CardTokenResult> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input),
      credentials: 'same-origin',
    });
    const body = (await res.json()) as Partial<CardTokenResult> & { code?: unknown };
    if (body.code === 'success' && 'token' in body && typeof body.token === 'string')
      return body as CardTokenResult;
    return {
      code: String(body.code ?? '7001'),
      message: String((body as { message?: unknown }).message ?? ''),
    };
  } catch {
    return { code: '7001', message: '' };
  }
}
