import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as account from './account.ts';
import * as address from './address.ts';
import * as draws from './draws.ts';
import * as envelope from './envelope-schema.ts';
import type { Csrf, EnvelopeBase, FieldErrors } from './envelope.ts';
import * as packs from './packs.ts';
import * as paging from './paging.ts';
import * as payments from './payments.ts';
import * as user from './user.ts';

/**
 * Every answer schema against a sample built the way the server builds that answer (apps/server/src/modules:
 * the services and routes named beside each case): the sample parses, comes back unchanged (also through
 * JSON), and shapes the server never sends are refused.
 */

interface Case {
  name: string;
  schema: z.ZodType;
  /** Samples of each success shape the server sends. */
  samples: unknown[];
  /** Wrong shapes: each must fail. */
  bad: unknown[];
}

const cases: Case[] = [];
/** Typed so that each sample is also checked against the exported type at compile time. */
function answer<S extends z.ZodType>(name: string, schema: S, samples: z.output<S>[], bad: unknown[]) {
  cases.push({ name, schema, samples, bad });
}

/** The object without one of its fields. */
const without = <T extends object>(o: T, key: keyof T): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

// --- envelope --------------------------------------------------------------------------------------------

const csrf: Csrf = { name: 'csrf_3f2a', value: 'b64-token' };
answer('csrfSchema', envelope.csrfSchema, [csrf], [{ name: 'x' }, { name: 1, value: 'v' }, null]);
answer(
  'fieldErrorsSchema',
  envelope.fieldErrorsSchema,
  [{ mail: ['Email address or password do not match.'] }, {}],
  [{ mail: 'not a list' }, { mail: [1] }],
);
answer(
  'errorCodesSchema',
  envelope.errorCodesSchema,
  [{ mail: 'login_failed' }, {}],
  [{ mail: ['login_failed'] }, { mail: 1 }],
);
answer('stateSchema', envelope.stateSchema, [200, 204, 9999], ['200', 200.5]);
const base: EnvelopeBase = {
  state: 400,
  csrf,
  errors: { count: ['Please enter a number.'] },
  error_codes: { count: 'count_invalid' },
  message: 'Please enter a number.',
  code: 'count_invalid',
};
answer(
  'envelopeBaseSchema',
  envelope.envelopeBaseSchema,
  [base, { state: 200, csrf }],
  [{ state: 200 }, { state: '200', csrf }, { ...base, errors: { count: 'x' } }],
);
answer('emptyAnswerSchema', envelope.emptyAnswerSchema, [{}], [null, 'ok']);
answer(
  'errorAnswerSchema',
  envelope.errorAnswerSchema,
  [
    { state: 401, csrf, message: 'Please log in.' },
    // draws/rules.ts refuse(): the reason passes (the schema is loose)
    {
      state: 400,
      csrf,
      errors: { count: ['Not enough gems.'] },
      message: 'Not enough gems.',
      reason: 'not_enough_gems',
    },
    // holdings/service.ts replayed(): state 204 with the decision's fields
    { state: 204, csrf, result: '-1', shipped: 0, converted: 0, gems: 0 },
  ],
  [{ state: 400 }, { state: 400, csrf, errors: [] }],
);

// --- paging ----------------------------------------------------------------------------------------------

const page = paging.pageInfo(3, 95, 10);
answer(
  'pageInfoSchema',
  paging.pageInfoSchema,
  [page, paging.pageInfo(1, 0, 20)],
  [without(page, 'pages'), { ...page, page: '3' }, { ...page, pages: [1.5] }],
);

// --- user.ts (auth/service.ts, account/service.ts) ---------------------------------------------------------

const member: user.CurrentUser = {
  is_login: '1',
  point: 12_000,
  coin: 12.5,
  coin_tenths: 125,
  rank: 3,
  rank_name: 'Silver',
  lang: 'en',
};
const guest: user.CurrentUser = {
  is_login: '0',
  point: 0,
  coin: 0,
  coin_tenths: 0,
  rank: 0,
  rank_name: '',
  lang: 'ja',
};
answer(
  'currentUserSchema',
  user.currentUserSchema,
  [member, guest],
  [
    { ...member, is_login: 1 },
    { ...member, lang: 'fr' },
    { ...member, point: 1.5 },
    { ...member, coin_tenths: 12.5 },
    without(member, 'rank'),
  ],
);

const detail: user.UserDetail = {
  id: 7,
  lastName: 'Demo',
  middleName: '',
  firstName: 'Taro',
  tel: '+1 555 0100 200',
  mail: 'taro@example.com',
  zipcode: '94105',
  country: 'CA',
  pref_id: 99,
  shiku: 'San Francisco',
  address: '1 Market St',
  building: '',
  country_id: 840,
  country_name: 'United States',
  availablePoint: 4500,
  remaining_point: 45_501,
  end_sms: '0',
  has_password: '1',
  referral_code: 'AB12CD34',
  rank: 1,
  rank_name: 'White',
  rank_coin: 0,
  rank_max_price: 50_000,
  rank_current_price: 4500,
  is_rank_maintained: false,
  next_month_name: 'White',
  next_month: 1,
};
answer(
  'userDetailSchema',
  user.userDetailSchema,
  [detail, { ...detail, pref_id: null, country_id: null, country_name: '' }],
  [
    { ...detail, is_rank_maintained: '0' },
    { ...detail, end_sms: true },
    { ...detail, country_id: undefined },
  ],
);
answer(
  'zipcodeResultSchema',
  user.zipcodeResultSchema,
  [{ prefcode: '13', address1: '東京都', address2: '千代田区', address3: '千代田' }],
  [{ prefcode: 13, address1: '', address2: '', address3: '' }],
);
answer(
  'hasRegisterSchema',
  user.hasRegisterSchema,
  [{ is_user_register: '1' }, { is_user_register: '0' }],
  [{ is_user_register: 1 }, {}],
);
answer('idNameSchema', user.idNameSchema, [{ id: 13, name: 'Tokyo' }], [{ id: '13', name: 'Tokyo' }]);
answer(
  'idNameListSchema',
  user.idNameListSchema,
  [
    {
      list: [
        { id: 392, name: 'Japan' },
        { id: 840, name: 'United States' },
      ],
    },
    { list: [] },
  ],
  [{ list: [{ id: 392 }] }, {}],
);
answer(
  'countryCheckSchema',
  user.countryCheckSchema,
  [
    { is_login: '1', is_country: '1' },
    { is_login: '0', is_country: '0' },
  ],
  [{ is_login: '1' }, { is_login: '1', is_country: 'yes' }],
);

// --- address.ts (address/service.ts) -------------------------------------------------------------------

const zip: address.ZipcodeAddress = {
  prefcode: '1',
  address1: '北海道',
  address2: '札幌市中央区',
  address3: '大通西',
  address1_en: 'Hokkaido',
  address2_en: 'Sapporo-shi Chuo-ku',
};
answer('zipcodeAddressSchema', address.zipcodeAddressSchema, [zip], [without(zip, 'address2_en')]);
answer(
  'zipcodeAnswerSchema',
  address.zipcodeAnswerSchema,
  [{ result: [zip, { ...zip, address3: '' }] }],
  [{ result: zip }, {}],
);

// --- account.ts (coupons/service.ts, account/password-routes.ts, referrals, outbox) ----------------------

answer(
  'couponUseResultSchema',
  account.couponUseResultSchema,
  [
    { error: '', granted_gems: 500 },
    { error: '', unlocked_point_price_ids: [4, 9] },
    { error: 'This coupon code is invalid.' },
  ],
  [{ granted_gems: 500 }, { error: '', unlocked_point_price_ids: ['4'] }, { error: null }],
);
answer(
  'messageAnswerSchema',
  account.messageAnswerSchema,
  [{ message: 'We have sent a verification code to your email address.' }],
  [{}, { message: ['x'] }],
);
answer(
  'setReferralCodeResultSchema',
  account.setReferralCodeResultSchema,
  [{ rewarded: false }, { rewarded: true }],
  [{ rewarded: 'false' }, {}],
);
const mail: account.OutboxMessage = {
  id: 3,
  channel: 'email',
  to: 'taro@example.com',
  subject: 'Your verification code',
  body: 'Code: ABCD-EFGH',
  code: 'ABCD-EFGH',
  kind: 'reset_code',
  created_at: '2025-10-01T03:00:00.000Z',
};
answer(
  'outboxMessageSchema',
  account.outboxMessageSchema,
  [mail, { ...mail, channel: 'sms', subject: '', code: null }],
  [{ ...mail, channel: 'fax' }, without(mail, 'code')],
);
answer(
  'outboxListSchema',
  account.outboxListSchema,
  [{ list: [mail] }, { list: [] }],
  [{ list: [{ id: 1 }] }],
);

// --- packs.ts (packs/service.ts) ---------------------------------------------------------------------------

const summary: packs.PackSummary = {
  id: 1,
  name: 'Starter pack',
  point: 500,
  payment_method: 1,
  total_pack_count: 100,
  pack_count: 40,
  image: ['/media/packs/1/1.svg', '/media/packs/1/2.svg'],
  banner: '/media/packs/1/banner.svg',
  is_before: false,
  is_end: false,
  is_sold_out: false,
  start_date: '2025-10-01 12:00:00',
  start_at: '2025-10-01T03:00:00.000Z',
  format_end_date: '',
  end_at: null,
  can_limit: 0,
  limit_count: 0,
  limit_message: '',
  max_buy_count: 0,
  show_cardlist: '1',
  card_type: 2,
};
const coinPack: packs.PackSummary = {
  ...summary,
  id: 2,
  payment_method: 2,
  can_limit: 1,
  limit_count: 3,
  limit_message: 'Three plays per member.',
  format_end_date: '25/10/31',
  end_at: '2025-10-31T03:00:00.000Z',
  show_cardlist: '0',
};
answer(
  'packSummarySchema',
  packs.packSummarySchema,
  [summary, coinPack],
  [
    { ...summary, payment_method: 3 },
    { ...summary, can_limit: true },
    { ...summary, show_cardlist: 1 },
    { ...summary, image: '/media/packs/1/1.svg' },
    without(summary, 'end_at'),
  ],
);
const packDetail: packs.PackDetail = {
  ...summary,
  detail: '<p>Every lot wins.</p>',
  movie_style: 1,
  commitment: 'a'.repeat(64),
  seed: null,
};
answer(
  'packDetailSchema',
  packs.packDetailSchema,
  [packDetail, { ...packDetail, commitment: null }, { ...packDetail, seed: 'b'.repeat(64) }],
  [without(packDetail, 'detail'), { ...packDetail, movie_style: null }],
);
answer(
  'packDetailAnswerSchema',
  packs.packDetailAnswerSchema,
  [{ pack: packDetail }],
  [{ pack: summary }, packDetail],
);
const cardType: packs.CardType = { id: 2, name: 'Pokémon' };
answer('packListPageSchema', packs.packListPageSchema, [{ ...page, list: [summary] }], [{ list: [summary] }]);
answer('cardTypeSchema', packs.cardTypeSchema, [cardType], [{ id: 2 }]);
answer(
  'cardTypeTabSchema',
  packs.cardTypeTabSchema,
  [{ ...cardType, top_tab: false, exchange_tab: true }],
  [cardType, { ...cardType, top_tab: 1, exchange_tab: 0 }],
);
answer(
  'cardTypeListSchema',
  packs.cardTypeListSchema,
  [{ list: [{ ...cardType, top_tab: true, exchange_tab: false }] }, { list: [] }],
  [{ list: ['Pokémon'] }, { list: [cardType] }],
);
answer(
  'packTypePageSchema',
  packs.packTypePageSchema,
  [{ list: [summary, coinPack], ...paging.pageInfo(1, 2, 20), card_type: cardType }],
  [
    { list: [summary], ...page, card_type: 2 },
    { list: [summary], ...page },
  ],
);
answer(
  'packListAnswerSchema',
  packs.packListAnswerSchema,
  [{ list: [summary, coinPack] }, { list: [] }],
  [{ list: [{ ...summary, pack_count: '40' }] }, {}],
);
const packCard: packs.PackCard = {
  image_url: '/media/cards/5.svg',
  name: 'Pikachu',
  model_number: 'SV1-025',
  rarity: 7,
  rarity_label: 'SAR',
  is_last_one: false,
};
answer('packCardSchema', packs.packCardSchema, [packCard], [{ ...packCard, is_last_one: '0' }]);
answer(
  'packCardPageSchema',
  packs.packCardPageSchema,
  [
    { list: [packCard, { ...packCard, is_last_one: true }], ...page },
    { list: [], ...paging.pageInfo(1, 0, 20) }, // the pack hides its card list
  ],
  [{ list: [packCard] }],
);

// --- draws.ts (draws/service.ts, holdings/service.ts, shipping/service.ts) -----------------------------------

answer('currencySchema', draws.currencySchema, ['gem', 'coin'], ['yen', null]);
answer(
  'purchaseRefusalSchema',
  draws.purchaseRefusalSchema,
  ['not_enough_coins', 'pack_sold_out'],
  ['broke'],
);
answer('actionTypeSchema', draws.actionTypeSchema, ['0', '2'], ['1', 0]);
answer('itemStatusSchema', draws.itemStatusSchema, ['unselected', 'ship', 'shipped', 'convert'], ['lost']);
answer(
  'sendStateSchema',
  draws.sendStateSchema,
  ['unselected', 'not_yet_shipped', 'shipped', 'no_shipment'],
  ['ship'],
);

const check: draws.PackCheckResult = {
  result: '1',
  pack_id: 1,
  count: 10,
  currency: 'gem',
  base_price: 5000,
  discount_percent: 3,
  price: 4850,
  balance_before: 10_000,
  balance_after: 5150,
};
answer(
  'packCheckResultSchema',
  draws.packCheckResultSchema,
  [check, { ...check, currency: 'coin', base_price: 1000, discount_percent: 0, price: 1000 }],
  [
    { ...check, result: 1 },
    { ...check, result: '0' },
    { ...check, currency: 'yen' },
    without(check, 'price'),
  ],
);

const plays: draws.PackPlays = { pack_id: 3, limit: 3, played: 1, left: 2 };
answer(
  'packPlaysSchema',
  draws.packPlaysSchema,
  [plays, { pack_id: 4, limit: null, played: 0, left: null }],
  [{ ...plays, left: '2' }, { ...plays, limit: 2.5 }, without(plays, 'played')],
);

const card: draws.ResultCard = {
  history_id: 41,
  action_type: '0',
  rarity: 3,
  rarity_label: 'R',
  image: '/media/cards/5.svg',
  name: 'Pikachu',
  model_number: 'SV1-025',
  num: 1,
  buy_point: 120,
  is_last_one: '0',
  status: 'unselected',
};
answer(
  'resultCardSchema',
  draws.resultCardSchema,
  [card, { ...card, action_type: '2', is_last_one: '1', status: 'ship' }],
  [
    { ...card, action_type: '1' },
    { ...card, is_last_one: false },
    { ...card, status: 'gone' },
  ],
);
const video: draws.PackVideo = { rarity: 7, movie_style: null, url: '/media/packs/1/videos/3.mp4' };
answer(
  'packVideoSchema',
  draws.packVideoSchema,
  [video, { rarity: null, movie_style: 2, url: '/videos/any.webm' }],
  [{ ...video, rarity: '7' }, without(video, 'url')],
);
const bought: draws.BuyPackResult = {
  result: '1',
  purchase_id: 12,
  pack_id: 1,
  title: 'Starter pack',
  created: '2025-10-01 12:34:56',
  movie_style: 1,
  is_country: '1',
  is_buy_coin: '0',
  card_type: 2,
  count: 2,
  price_paid: 1000,
  currency: 'gem',
  cards: [card, { ...card, history_id: 42, is_last_one: '1' }],
  videos: [video],
};
// purchaseResult() for a member without a purchase
const noPurchase: draws.BuyPackResult = {
  result: '1',
  purchase_id: null,
  pack_id: null,
  title: '',
  created: '',
  movie_style: 0,
  is_country: '0',
  is_buy_coin: '0',
  card_type: null,
  count: 0,
  price_paid: 0,
  currency: null,
  cards: [],
  videos: [],
};
answer(
  'buyPackResultSchema',
  draws.buyPackResultSchema,
  [bought, noPurchase, { ...bought, is_buy_coin: '1', currency: 'coin', videos: [] }],
  [
    without(bought, 'videos'),
    { ...bought, cards: [{ ...card, history_id: '41' }] },
    { ...bought, result: '-1' },
  ],
);
const fairness: draws.FairnessInfo = {
  pack_id: 1,
  commitment: 'c'.repeat(64),
  seed: null,
  revealed: false,
  canonical: [3, 3, 7],
  total: 4,
  sold: 2,
  prizes: [
    {
      id: 3,
      name: 'Pikachu',
      model_number: 'SV1-025',
      rarity: 3,
      rarity_label: 'R',
      image: '/media/cards/5.svg',
    },
    {
      id: 7,
      name: 'Mew',
      model_number: 'SV1-151',
      rarity: 7,
      rarity_label: 'SAR',
      image: '/media/cards/9.svg',
    },
  ],
  my_positions: [{ position: 0, history_id: 41, prize_id: 3 }],
};
answer(
  'fairnessInfoSchema',
  draws.fairnessInfoSchema,
  [fairness, { ...fairness, seed: 'd'.repeat(64), revealed: true, sold: 4, my_positions: [] }],
  [
    { ...fairness, canonical: ['3'] },
    { ...fairness, my_positions: [{ position: 0 }] },
    without(fairness, 'revealed'),
  ],
);
answer(
  'decisionResultSchema',
  draws.decisionResultSchema,
  [
    { result: '1', shipped: 1, converted: 2, gems: 240 },
    { result: '-1', shipped: 0, converted: 0, gems: 0 }, // state 204, HTTP 200
  ],
  [
    { result: '0', shipped: 0, converted: 0, gems: 0 },
    { result: '1', shipped: 1, converted: 2 },
  ],
);
const historyItem: draws.HistoryItem = {
  id: 12,
  created: '25/10/01',
  pack_id: 1,
  pack_name: 'Starter pack',
  send_state: 'unselected',
  point: 1000,
  currency: 'gem',
  count: 2,
  status: '0',
};
answer(
  'historyItemSchema',
  draws.historyItemSchema,
  [historyItem, { ...historyItem, send_state: 'no_shipment', currency: 'coin', status: '1' }],
  [
    { ...historyItem, send_state: 'ship' },
    { ...historyItem, status: 0 },
  ],
);
answer(
  'historyListPageSchema',
  draws.historyListPageSchema,
  [
    { ...page, list: [historyItem] },
    { ...paging.pageInfo(1, 0, 10), list: [] },
  ],
  [{ list: [historyItem] }, { ...page, list: historyItem }],
);
const historyCard: draws.HistoryCard = {
  ...card,
  status: 'shipped',
  send_state: 'shipped',
  delivery_code: 'JP123',
};
answer(
  'historyCardSchema',
  draws.historyCardSchema,
  [historyCard, { ...card, send_state: 'unselected', delivery_code: null }],
  [card, { ...historyCard, delivery_code: 123 }],
);
const historyDetail: draws.HistoryDetail = {
  id: 12,
  status: '1',
  pack_id: 1,
  pack_name: 'Starter pack',
  created: '25/10/01',
  delivery_code: 'JP123, JP124',
  send_card: [historyCard],
  reduction_card: [{ ...card, status: 'convert', send_state: 'no_shipment', delivery_code: null }],
  unselected_card: [],
  reduction_point: 120,
};
answer(
  'historyDetailSchema',
  draws.historyDetailSchema,
  [
    historyDetail,
    { ...historyDetail, status: '0', delivery_code: '', send_card: [], unselected_card: [historyCard] },
  ],
  [
    { ...historyDetail, delivery_code: null },
    without(historyDetail, 'unselected_card'),
    { ...historyDetail, send_card: [card] },
  ],
);
const shipment: draws.AdminShipment = {
  id: 5,
  user_id: 7,
  status: 'open',
  delivery_code: null,
  created_at: '2025-10-01T03:00:00.000Z',
  shipped_at: null,
  item_count: 1,
  carrier: null,
  age_days: 3,
  due_at: '2025-10-15T03:00:00.000Z',
  overdue: false,
  declared_total_yen: 300,
  address: {
    name: 'Taro Demo',
    country_id: 840,
    country_en: 'United States',
    country_ja: 'アメリカ合衆国',
    zipcode: '94105',
    state: 'CA',
    city: 'San Francisco',
    address: '1 Market St',
    building: '',
    tel: '+1 555 0100 200',
  },
  items: [
    {
      history_id: 41,
      exchange_id: null,
      card_id: 5,
      name: 'Pikachu',
      model_number: 'SV1-025',
      status: 'ship',
      customs_category: 'cards',
      value_yen: 300,
      declared_value_yen: 300,
    },
  ],
};
answer(
  'adminShipmentSchema',
  draws.adminShipmentSchema,
  [
    shipment,
    {
      ...shipment,
      status: 'shipped',
      delivery_code: 'JP123',
      carrier: 'dhl',
      shipped_at: '2025-10-02T03:00:00.000Z',
    },
  ],
  [
    { ...shipment, status: 'lost' },
    { ...shipment, carrier: 'pigeon' },
    without(shipment, 'address'),
    { ...shipment, items: [{ history_id: 41 }] },
  ],
);
answer(
  'adminShipmentListSchema',
  draws.adminShipmentListSchema,
  [
    { list: [shipment], page: 1, all_page: 1, per_page: 50, total: 1 },
    { list: [], page: 1, all_page: 1, per_page: 50, total: 0 },
  ],
  [{ list: shipment, page: 1, all_page: 1, total: 1 }, { list: [shipment] }],
);
answer(
  'adminShipResultSchema',
  draws.adminShipResultSchema,
  [
    { result: '1', shipment: { id: 5, user_id: 7, items: 1, delivery_code: 'JP123', carrier: null } },
    { result: '1', shipment: { id: 5, user_id: 7, items: 1, delivery_code: 'JP123', carrier: 'yamato' } },
  ],
  [{ result: '1', shipment: { id: 5, user_id: 7, items: 1 } }, { result: '1' }],
);

// --- payments.ts (payments/*.ts) -------------------------------------------------------------------------

answer(
  'payMethodKeySchema',
  payments.payMethodKeySchema,
  payments.PAY_METHODS.map((m) => m.key),
  ['bitcoin'],
);
answer(
  'paymentStatusSchema',
  payments.paymentStatusSchema,
  ['pending', 'succeeded', 'failed', 'canceled', 'expired'],
  ['paid'],
);
const course: payments.PointPriceItem = {
  id: 3,
  point: 1000,
  price: 1000,
  doller: 667,
  discount: null,
  discount_doller: null,
  pay_price: 1000,
  rate: '0',
  is_free: '0',
  modified: '25/09/01',
};
const campaignCourse: payments.PointPriceItem = {
  ...course,
  discount: 900,
  discount_doller: 600,
  pay_price: 900,
};
answer(
  'pointPriceItemSchema',
  payments.pointPriceItemSchema,
  [course, campaignCourse, { ...course, rate: '100', is_free: '1' }],
  [
    { ...course, rate: 100 },
    { ...course, discount: undefined },
    { ...course, doller: 6.67 },
  ],
);
const fx: payments.FxInfo = { fx_rate: 149.5, fx_date: '25/10/01' };
answer(
  'fxInfoSchema',
  payments.fxInfoSchema,
  [fx, { fx_rate: 150, fx_date: '25/10/01' }],
  [{ fx_rate: '150' }],
);
const campaign: payments.CampaignInfo = {
  campaign: '0',
  campaign_percent: 10,
  campaign_start: '2025-10-10 04:00:00',
  campaign_end: '2025-10-11 09:00:00',
};
answer(
  'campaignInfoSchema',
  payments.campaignInfoSchema,
  [campaign, { ...campaign, campaign: '1' }],
  [{ ...campaign, campaign: true }],
);
answer(
  'pointPriceListSchema',
  payments.pointPriceListSchema,
  [{ ...page, ...fx, ...campaign, list: [course, campaignCourse] }],
  [
    { ...page, ...fx, list: [course] },
    { ...fx, ...campaign, list: [course] },
  ],
);
answer(
  'pointPriceDetailSchema',
  payments.pointPriceDetailSchema,
  [{ ...fx, ...campaign, detail: course }],
  [
    { ...fx, ...campaign, detail: [course] },
    { ...campaign, detail: course },
  ],
);
answer(
  'freeGrantResultSchema',
  payments.freeGrantResultSchema,
  [{ result: '1', point: 300 }],
  [{ result: '0', point: 300 }, { result: '1' }],
);
const style: payments.PayStyleItem = {
  id: 1,
  key: 'card',
  name: 'Credit card',
  memo: 'Visa, Mastercard…',
  point: 1000,
  price: 1000,
};
answer(
  'payStyleItemSchema',
  payments.payStyleItemSchema,
  [style, { ...style, id: 6, key: 'carrier', point: null, price: null }],
  [{ ...style, key: 'docomo' }, without(style, 'point')],
);
answer(
  'cardTokenizerSchema',
  payments.cardTokenizerSchema,
  [{ provider: 'sandbox', url: '/sandbox-pay/token' }, { provider: 'stripe_checkout' }, { provider: 'none' }],
  [{ provider: 'sandbox' }, { provider: 'stripe' }],
);
answer(
  'payStyleListSchema',
  payments.payStyleListSchema,
  [
    { list: [style], card_tokenizer: { provider: 'sandbox', url: '/sandbox-pay/token' }, sandbox: '1' },
    { list: [], card_tokenizer: { provider: 'none' }, sandbox: '0' },
  ],
  [
    { list: [style], sandbox: '1' },
    { list: [style], card_tokenizer: { provider: 'none' }, sandbox: true },
  ],
);
const bankAccount: payments.BankAccount = {
  bank: 'Sandbox Bank',
  branch: 'Head office',
  account_type: 'ordinary',
  number: '1234567',
  name: 'GACHA GEMS',
};
answer('bankAccountSchema', payments.bankAccountSchema, [bankAccount], [without(bankAccount, 'number')]);
// purchase.ts finishStart(): every answer carries pay_id, payment_id, point and price
const started = { pay_id: 1, payment_id: 'pay_abc', point: 1000, price: 1000 };
const buyAnswers: payments.PointBuyResult[] = [
  { result: '1', ...started },
  { result: '7', ...started, acs_url: '/api/acs/secure?payment_id=pay_abc' },
  { result: '3', ...started, pay_id: 3, url: 'https://sandbox.example/paypal' },
  { result: '2', ...started, pay_id: 2, receipt_number: '1234-5678' },
  { result: '2', ...started, pay_id: 4, bank: bankAccount },
  { result: '0', pay_id: 1, isJp: true, message: 'Shipping to Japan is not available.' },
];
answer('pointBuyResultSchema', payments.pointBuyResultSchema, buyAnswers, [
  { result: '4', pay_id: 1 },
  { result: '1', payment_id: 'pay_abc' },
  { result: '2', ...started, bank: { bank: 'x' } },
  { result: '0', pay_id: 1, isJp: 'true' },
]);
answer(
  'amazonCheckoutResultSchema',
  payments.amazonCheckoutResultSchema,
  [
    {
      result: '3',
      ...started,
      pay_id: 5,
      url: 'https://sandbox.example/amazon',
      checkoutSessionId: 'sess_1',
    },
    { result: '3', ...started, pay_id: 5, url: 'https://sandbox.example/amazon', checkoutSessionId: null },
    { result: '0', pay_id: 5, isJp: true, message: 'Shipping to Japan is not available.' },
  ],
  [{ result: '3', ...started, pay_id: 5, checkoutSessionId: 1 }],
);
const button: payments.AmazonButtonSignature = {
  signature: 'sig',
  payloadJSON: '{"storeId":"sandbox-store"}',
  algorithm: 'HMAC-SHA256',
  publicKeyId: 'SANDBOX',
  merchantId: 'SANDBOX',
  ledgerCurrency: 'JPY',
  checkoutLanguage: 'en_US',
  productType: 'PayOnly',
  placement: 'Checkout',
  sandbox: '1',
  payment_id: 'pay_abc',
  url: 'http://127.0.0.1:3000/sandbox-pay/amazon-pay/button?payloadJSON=…',
};
answer(
  'amazonButtonSignatureSchema',
  payments.amazonButtonSignatureSchema,
  [button, { ...button, checkoutLanguage: 'ja_JP' }],
  [{ ...button, checkoutLanguage: 'fr_FR' }, without(button, 'signature')],
);
const ended: payments.PointEndResult = {
  result: '1',
  status: 'succeeded',
  payment_id: 'pay_abc',
  pay_id: 1,
  point: 1000,
  price: 1000,
  pack_id: 1,
};
// notifications.ts endResult() without any payment
const noPayment: payments.PointEndResult = {
  result: '0',
  status: null,
  payment_id: null,
  pay_id: null,
  point: 0,
  price: 0,
  pack_id: null,
};
answer(
  'pointEndResultSchema',
  payments.pointEndResultSchema,
  [ended, noPayment, { ...ended, result: '2', status: 'pending', pack_id: null }],
  [{ ...ended, result: '3' }, { ...ended, status: 'paid' }, without(ended, 'pack_id')],
);
answer(
  'pointAppendResultSchema',
  payments.pointAppendResultSchema,
  [ended, { ...ended, result: '0', status: 'failed', message: 'The card payment failed.' }],
  [{ ...ended, message: 1 }],
);
answer(
  'amazonCheckoutSessionSchema',
  payments.amazonCheckoutSessionSchema,
  [
    { payMethod: 'Amazon Pay (sandbox)', checkoutSessionId: 'sess_1', ...ended, pay_id: 5 },
    {
      payMethod: 'Amazon Pay（サンドボックス）',
      checkoutSessionId: null,
      ...ended,
      result: '2',
      status: 'pending',
    },
  ],
  [ended, { payMethod: 'Amazon Pay', ...ended }],
);
const bank: payments.BankInfo = {
  ...bankAccount,
  price: 1000,
  holder_name: 'デモ タロウ',
  payment_id: 'pay_abc',
  expires: '2025-10-04 12:00',
};
answer(
  'bankInfoSchema',
  payments.bankInfoSchema,
  [bank, { ...bank, bank: '', branch: '', account_type: '', number: '', name: '' }],
  [{ ...bank, price: '1000' }, without(bank, 'holder_name')],
);
const combini: payments.CombiniInfo = {
  url: 'http://127.0.0.1:3000/sandbox-pay/pay/sbx_1',
  receipt_number: '1234-5678',
  payment_id: 'pay_abc',
  price: 1000,
  status: 'pending',
  expires: '2025-10-04 12:00',
};
answer(
  'combiniInfoSchema',
  payments.combiniInfoSchema,
  [combini, { ...combini, url: '', receipt_number: '', status: 'expired' }],
  [{ ...combini, status: 'waiting' }, without(combini, 'receipt_number')],
);
const ledgerRow: payments.PointHistoryItem = {
  id: 90,
  bonusPoint: 1000,
  money: 1000,
  created: '25/10/01',
  memo: 'Gem purchase',
  history_id: 14,
  balance: 5500,
};
answer(
  'pointHistoryItemSchema',
  payments.pointHistoryItemSchema,
  [ledgerRow, { ...ledgerRow, bonusPoint: -500, money: 0, memo: 'Pack purchase', history_id: null }],
  [
    { ...ledgerRow, history_id: undefined },
    { ...ledgerRow, bonusPoint: '1000' },
  ],
);
answer(
  'pointHistoryListSchema',
  payments.pointHistoryListSchema,
  [{ ...page, list: [ledgerRow] }],
  [{ list: [ledgerRow] }],
);
answer(
  'cardTokenSuccessSchema',
  payments.cardTokenSuccessSchema,
  [{ code: 'success', token: 'tok_1', req_card_number: '************1111' }],
  [
    { code: 'success', token: 'tok_1' },
    { code: '1301', token: 'tok_1', req_card_number: 'x' },
  ],
);
answer(
  'cardTokenFailureSchema',
  payments.cardTokenFailureSchema,
  [{ code: '1301', message: 'The card number is invalid.' }],
  [{ code: 1301, message: 'x' }, { code: '1301' }],
);
answer(
  'cardTokenResultSchema',
  payments.cardTokenResultSchema,
  [
    { code: 'success', token: 'tok_1', req_card_number: '************1111' },
    { code: '8000', message: 'The card company is under maintenance.' },
  ],
  [{ code: 'success' }, { token: 'tok_1' }],
);

// --- the checks ----------------------------------------------------------------------------------------

describe('answer schemas', () => {
  for (const c of cases) {
    describe(c.name, () => {
      it('parses what the server sends and gives it back unchanged', () => {
        for (const sample of c.samples) {
          const parsed = c.schema.parse(sample);
          expect(parsed).toEqual(sample);
          // what the wire carries parses to the same again
          expect(c.schema.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(sample);
        }
      });

      it('refuses shapes the server never sends', () => {
        expect(c.bad.length).toBeGreaterThan(0);
        for (const wrong of c.bad)
          expect(c.schema.safeParse(wrong).success, JSON.stringify(wrong)).toBe(false);
      });
    });
  }

  it('strips fields the contract does not name (nested too)', () => {
    const leaky = {
      ...member,
      pass_hash: '$argon2id$…',
    };
    expect(user.currentUserSchema.parse(leaky)).toEqual(member);
    const nested = { ...bought, cards: [{ ...card, prize_id: 9, user_id: 7 }] };
    expect(draws.buyPackResultSchema.parse(nested).cards[0]).toEqual(card);
  });
});

/** Request schemas and other non-answers that the coverage check below leaves out. */
/** What a request names in its path or query (route tables, contract/routes/): not an answer. */
const isRequestPart = (name: string) => name.endsWith('ParamsSchema') || name.endsWith('QuerySchema');

const NOT_ANSWERS = new Set([
  // user.ts
  'mailSchema',
  'passwordSchema',
  'telSchema',
  'registrationSchema',
  'appendAddressSchema',
  'loginSchema',
  'changeUserInformationSchema',
  'changeTelSchema',
  'zipcodeSchema',
  // account.ts
  'createResetCodeSchema',
  'resetPasswordSchema',
  'changePasswordSchema',
  'sendSmsSchema',
  'checkSmsSchema',
  'setReferralCodeSchema',
  'googleLoginSchema',
  'googleCreateSchema',
  'couponUseSchema',
  // draws.ts
  'purchaseCountSchema',
  'packPurchaseSchema',
  'decisionSchema',
  'historyListSchema',
  'shipSchema',
  'trackingCodeSchema',
  // packs.ts
  'packListSchema',
  // payments.ts
  'pointBuySchema',
  'pointAppendSchema',
  'pointPresentSchema',
  'cardFormSchema',
]);

describe('coverage', () => {
  it('every exported schema that is not a payload has a case above', () => {
    const modules = { account, address, draws, envelope, packs, paging, payments, user };
    const exported = Object.values(modules).flatMap((m) =>
      Object.keys(m).filter((k) => k.endsWith('Schema') && !NOT_ANSWERS.has(k) && !isRequestPart(k)),
    );
    const covered = new Set(cases.map((c) => c.name));
    expect(exported.filter((k) => !covered.has(k))).toEqual([]);
    // and each case names the schema it tests
    for (const c of cases) {
      const owner = Object.values(modules).find((m) => (m as Record<string, unknown>)[c.name] === c.schema);
      expect(owner, c.name).toBeDefined();
    }
  });
});

describe('okAnswer', () => {
  const schema = envelope.okAnswer(draws.decisionResultSchema);

  it('adds state and csrf to an answer', () => {
    const body = { result: '1', shipped: 1, converted: 0, gems: 0, state: 200, csrf } as const;
    const parsed = schema.parse(body);
    expect(parsed).toEqual(body);
    // the type knows both the route's fields and the envelope's
    const typed: draws.DecisionResult & { state: number; csrf: Csrf } = parsed;
    expect(typed.csrf.name).toBe(csrf.name);
  });

  it('accepts the 204 "nothing to do" answer sent with HTTP 200', () => {
    const body = { result: '-1', shipped: 0, converted: 0, gems: 0, state: 204, csrf };
    expect(schema.parse(body)).toEqual(body);
  });

  it('requires state and csrf', () => {
    const fields = { result: '1', shipped: 1, converted: 0, gems: 0 };
    expect(schema.safeParse(fields).success).toBe(false);
    expect(schema.safeParse({ ...fields, state: 200 }).success).toBe(false);
    expect(schema.safeParse({ ...fields, csrf }).success).toBe(false);
    expect(schema.safeParse({ ...fields, state: 200, csrf: { name: 'x' } }).success).toBe(false);
  });

  it('strips what the route did not name, and the empty answer is state and csrf only', () => {
    expect(envelope.okAnswer(envelope.emptyAnswerSchema).parse({ state: 200, csrf, user_id: 7 })).toEqual({
      state: 200,
      csrf,
    });
  });

  it('leaves the route schema as it was', () => {
    expect(
      draws.decisionResultSchema.safeParse({ result: '1', shipped: 1, converted: 0, gems: 0 }).success,
    ).toBe(true);
  });

  it('envelope.ts types are the schemas’ types', () => {
    const errors: FieldErrors = { mail: ['x'] };
    const env: EnvelopeBase = { state: 400, csrf, errors };
    expect(envelope.envelopeBaseSchema.parse(env)).toEqual(env);
  });
});
