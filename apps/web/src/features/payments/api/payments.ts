import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  BankInfo,
  CardTokenResult,
  PayStyleList,
  PointBuyInput,
  PointBuyResult,
  PointEndResult,
  PointHistoryList,
  PointPriceDetail,
  PointPriceList,
} from '@gacha/contract/payments';
import { api, apiPath, unwrap, type ApiResult } from '../../../lib/api.ts';

/** GET /user/point_price/{page}: the gem courses with the FX rate and the campaign window. */
export async function fetchPointPrices(page: number): Promise<PointPriceList> {
  const res = unwrap(await api.get<PointPriceList>(apiPath('user', 'point_price', page)));
  return {
    ...res,
    list: Array.isArray(res.list) ? res.list : [],
    page: Number(res.page ?? page),
    all_page: Number(res.all_page ?? 1),
    pages: Array.isArray(res.pages) ? res.pages.map(Number) : [1],
  };
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
    queryFn: async () =>
      unwrap(await api.get<PointPriceDetail>(apiPath('user', 'point_price', 'detail', id))),
    enabled: /^\d{1,9}$/.test(id),
    retry: false,
    staleTime: 0,
  });
}

/** GET /user/pay_style?pointPriceId: the methods on offer and where card data is tokenised. */
export function usePayStyles(pointPriceId: string) {
  return useQuery({
    queryKey: ['payments', 'pay-style', pointPriceId],
    queryFn: async () =>
      unwrap(
        await api.get<PayStyleList>(
          `user/pay_style${pointPriceId ? `?${new URLSearchParams({ pointPriceId })}` : ''}`,
        ),
      ),
    retry: false,
    staleTime: 60_000,
  });
}

export type BuyAnswer = ApiResult<PointBuyResult & { message?: string }>;

/** POST /user/point/buy. Non-200 answers are returned, not thrown: the caller shows their message. */
export function buyPoints(input: PointBuyInput): Promise<BuyAnswer> {
  return api.post<PointBuyResult & { message?: string }>('user/point/buy', input);
}

/** GET /user/set_checkout_session/{id}: starts an Amazon Pay payment (answers like point/buy). */
export function amazonCheckout(pointPriceId: number, productId?: string): Promise<BuyAnswer> {
  const q = productId ? `?${new URLSearchParams({ productId })}` : '';
  return api.get<PointBuyResult>(`${apiPath('user', 'set_checkout_session', pointPriceId)}${q}`);
}

/** GET /user/button_signature: the Amazon Pay button page of the pending payment. */
export function amazonButton(paymentId: string) {
  return api.get<{ url: string }>(`user/button_signature?${new URLSearchParams({ payment_id: paymentId })}`);
}

/** GET /user/complete_checkout_session: back from Amazon Pay, confirm and credit. */
export function completeAmazonCheckout(query: URLSearchParams) {
  const q = new URLSearchParams();
  for (const k of ['payment_id', 'amazonCheckoutSessionId']) {
    const v = query.get(k);
    if (v) q.set(k, v);
  }
  return api.get<PointEndResult & { message?: string }>(`user/complete_checkout_session?${q}`);
}

/** POST /user/point/append {token: payment_id}: confirms the payment on return; idempotent. */
export function appendPoints(paymentId: string) {
  return api.post<PointEndResult & { message?: string }>('user/point/append', { token: paymentId });
}

/** GET /user/point/end(?payment_id). */
export async function fetchPointEnd(paymentId: string | null): Promise<ApiResult<PointEndResult>> {
  return api.get<PointEndResult>(
    `user/point/end${paymentId ? `?${new URLSearchParams({ payment_id: paymentId })}` : ''}`,
  );
}

/** POST /user/coupon/point/present {pointPriceId}: the free grant. */
export function presentFreeGrant(pointPriceId: number) {
  return api.post<{ result: '1'; point: number }>('user/coupon/point/present', { pointPriceId });
}

export interface CombiniInfo {
  url: string;
  receipt_number: string;
  payment_id: string;
  price: number;
  status: string;
  expires: string;
}

/** GET /user/point/combini_number. */
export function useCombiniInfo(paymentId: string | null) {
  return useQuery({
    queryKey: ['payments', 'combini', paymentId],
    queryFn: async () =>
      unwrap(
        await api.get<CombiniInfo>(
          `user/point/combini_number${paymentId ? `?${new URLSearchParams({ payment_id: paymentId })}` : ''}`,
        ),
      ),
    retry: false,
    staleTime: 0,
  });
}

/** GET /user/bank. */
export function useBankInfo(paymentId: string | null) {
  return useQuery({
    queryKey: ['payments', 'bank', paymentId],
    queryFn: async () =>
      unwrap(
        await api.get<BankInfo>(
          `user/bank${paymentId ? `?${new URLSearchParams({ payment_id: paymentId })}` : ''}`,
        ),
      ),
    retry: false,
    staleTime: 0,
  });
}

/** GET /user/point/list/{page}: the gem ledger. */
export function usePointHistory(page: number) {
  return useQuery({
    queryKey: ['payments', 'history', page],
    queryFn: async () => {
      const res = unwrap(await api.get<PointHistoryList>(apiPath('user', 'point', 'list', page)));
      return {
        list: Array.isArray(res.list) ? res.list : [],
        page: Number(res.page ?? page),
        all_page: Number(res.all_page ?? 1),
        pages: Array.isArray(res.pages) ? res.pages.map(Number) : [1],
      };
    },
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
