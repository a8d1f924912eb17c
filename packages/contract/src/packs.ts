import type { PageInfo } from './paging.ts';

/** Pack (spec §3). Times: start_date is JST 'YYYY-MM-DD HH:mm:ss', format_end_date 'yy/mm/dd'. */
export interface PackSummary {
  id: number;
  name: string;
  point: number;
  payment_method: 1 | 2;
  total_pack_count: number;
  pack_count: number;
  image: string[];
  banner: string;
  is_before: boolean;
  start_date: string;
  start_at: string; // ISO UTC, for countdowns
  format_end_date: string;
  can_limit: 0 | 1;
  limit_message: string;
  max_buy_count: number;
  show_cardlist: '0' | '1';
  card_type: number;
}

export interface PackListPage extends PageInfo {
  list: PackSummary[];
}

export interface CardType {
  id: number;
  name: string;
}
