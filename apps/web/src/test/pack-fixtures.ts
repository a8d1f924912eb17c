import type { PackDetail } from '@gacha/contract/packs';

/** A gem pack on sale (pack 7, 40 of 100 lots left, 500 gems a play), as GET user/pack/detail/7 answers it. */
export const dragonPack: PackDetail = {
  id: 7,
  name: 'Dragon Pack',
  point: 500,
  payment_method: 1,
  total_pack_count: 100,
  pack_count: 40,
  image: [],
  banner: '',
  is_before: false,
  is_end: false,
  is_sold_out: false,
  start_date: '2020/01/01 00:00',
  start_at: '2019-12-31T15:00:00.000Z',
  format_end_date: '',
  end_at: null,
  can_limit: 0,
  limit_count: 0,
  limit_message: '',
  max_buy_count: 0,
  show_cardlist: '0',
  card_type: 1,
  detail: '',
  movie_style: 1,
  commitment: null,
  seed: null,
};

/** A signed-in Silver member with 30,000 gems and 12 coins, as GET user/point answers. */
export const silverMember = {
  is_login: '1',
  point: 30000,
  coin: 12,
  coin_tenths: 120,
  rank: 2,
  rank_name: 'Silver',
  lang: 'en',
};
