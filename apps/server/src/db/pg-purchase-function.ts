import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * PostgreSQL only: the pack purchase (modules/draws/purchase.ts recordPurchase) as one server-side function, so
 * that a purchase — and a whole batch of purchases of one pack — costs one round trip and one commit
 * (db/pg-batch.ts sends the batch). On SQLite the procedure runs on the write worker instead: nothing to do.
 *
 * What stays in JavaScript: the purchase rule (modules/draws/rules.ts). Each order arrives decided: the price
 * terms for every rank, the most plays the member may already have made (`plays_allowed`, null without a limit),
 * the pack fields the rule read (`guard`) and the last-one prizes. The function only checks that what the rule
 * assumed still holds under the locks — the pack row contains `guard`, the member exists and is not suspended,
 * their rank has terms, their plays fit — and otherwise answers `redo` (the caller runs the JavaScript procedure,
 * which decides on the live rows and refuses with the rule's own message). A short balance is `refused`.
 *
 * The writes mirror the owners' JavaScript one for one (apps/server/test/pg-purchase.test.ts keeps the list of
 * tables it writes honest): the buyer lock and last gem use (account: lockBuyer), the gem spend oldest-expiring
 * lot first and its ledger row (gems: spendGems), the coins earned and the carry (coins: earnCoinsForGems), or
 * the coin spend (coins: spendCoins), the claim (packs: claimLots), the won items of the range and the last-one
 * prize (holdings: recordLotWins, recordWonItems), the purchase row (draws: insertPurchase).
 *
 * Order of locks: every member row of the batch (by user id, so two batches cannot deadlock) and their gem lots,
 * then — in the last statement, just before the commit — the pack row. The member side of every order writes
 * only after all its checks passed, so a refusal writes nothing and needs no savepoint. When the claim does not
 * fit (the pack sells out within the batch), the batch is rolled back to a savepoint and its orders run again
 * one at a time, each in a savepoint of its own with its own claim; an order whose claim fails alone is `redo`.
 */
/**
 * The tables the function writes, each with its owner (db/table-owners.json) and the owner's function whose
 * statement it repeats: apps/server/test/table-owners.test.ts checks that the function's SQL writes exactly
 * these and that the owners are the map's.
 */
export const FUNCTION_WRITES = {
  users: { owner: 'account', as: 'lockBuyer, creditPurchaseCoins, debitCoins' },
  gem_lots: { owner: 'gems', as: 'spendGems' },
  gem_ledger: { owner: 'gems', as: 'spendGems' },
  coin_ledger: { owner: 'coins', as: 'earnCoinsForGems, spendCoins' },
  packs: { owner: 'packs', as: 'claimLots' },
  won_items: { owner: 'holdings', as: 'recordLotWins, recordWonItems' },
  pack_purchases: { owner: 'draws', as: 'insertPurchase' },
} as const;

/**
 * (Re)creates the purchase functions with their current text. Migrations 019 (which first made them) and 022
 * (which added the ledger's paid part) both call this, so a fresh database and a migrated one end with the same
 * function; plpgsql resolves columns when a function runs, so 019 may create it before 022's column exists.
 */
export async function createPurchaseFunctions(db: Kysely<any>): Promise<void> {
  await sql`
create or replace function draws_purchase_run(p_pack_id integer, p_orders jsonb) returns jsonb
language plpgsql as $fn$
declare
  v_pack jsonb;
  v_out jsonb := '[]';
  v_acc jsonb := '[]';
  v_plays jsonb := '{}';
  v_n integer := 0;
  o jsonb;
  v_uid integer;
  v_at text;
  v_u record;
  v_terms jsonb;
  v_played integer;
  v_charge integer;
  v_price integer;
  v_balance integer;
  v_paid integer;
  v_earned integer;
  v_carry integer;
  v_coins integer;
  v_pid integer;
  v_claimed boolean;
  v_lots jsonb;
  v_last jsonb;
  v_first integer;
  v_seq text := pg_get_serial_sequence('pack_purchases', 'id');
begin
  -- the pack as the rule saw it: read once, without a lock (the purchase's rule read is not a lock either)
  select to_jsonb(p) into v_pack from packs p where p.id = p_pack_id;

  for o in
    select value from jsonb_array_elements(p_orders)
    order by (value->>'user_id')::integer, (value->>'key')::integer
  loop
    if v_pack is null or not (v_pack @> (o->'guard')) then
      v_out := v_out || jsonb_build_array(jsonb_build_object('key', o->'key', 'redo', 'pack'));
      continue;
    end if;
    v_uid := (o->>'user_id')::integer;
    v_at := o->>'at';
    select rank, country_id, coin_tenths, coin_carry_gems, suspended_at into v_u
      from users where id = v_uid for update;
    if not found or v_u.suspended_at is not null then
      v_out := v_out || jsonb_build_array(jsonb_build_object('key', o->'key', 'redo', 'member'));
      continue;
    end if;
    v_terms := o->'terms'->(v_u.rank::text);
    if v_terms is null then
      v_out := v_out || jsonb_build_array(jsonb_build_object('key', o->'key', 'redo', 'rank'));
      continue;
    end if;
    if jsonb_typeof(o->'plays_allowed') = 'number' then
      select coalesce(sum(count), 0) into v_played from pack_purchases
        where user_id = v_uid and pack_id = p_pack_id;
      v_played := v_played + coalesce((v_plays->>v_uid::text)::integer, 0);
      if v_played > (o->>'plays_allowed')::integer then
        v_out := v_out || jsonb_build_array(jsonb_build_object('key', o->'key', 'redo', 'limit'));
        continue;
      end if;
    end if;
    v_charge := (v_terms->>'charge')::integer;
    v_price := (v_terms->>'price')::integer;
    v_earned := 0;
    v_carry := v_u.coin_carry_gems;
    -- the balance, checked before anything is written
    if v_charge > 0 and (o->>'gem')::boolean then
      select coalesce(sum(remaining), 0) into v_balance from (
        select remaining from gem_lots
          where user_id = v_uid and expires_at > v_at and remaining > 0
          for update
      ) l;
      if v_balance < v_charge then
        v_out := v_out || jsonb_build_array(jsonb_build_object('key', o->'key', 'refused', 'balance'));
        continue;
      end if;
    elsif v_charge > 0 and v_u.coin_tenths < v_charge then
      v_out := v_out || jsonb_build_array(jsonb_build_object('key', o->'key', 'refused', 'balance'));
      continue;
    end if;

    v_pid := nextval(v_seq);
    if (o->>'gem')::boolean then
      v_earned := (v_carry + v_price) / (o->>'gems_per_coin_tenth')::integer;
    end if;
    if v_charge > 0 and (o->>'gem')::boolean then
      -- oldest-expiring lots first: each takes what the earlier ones left of the charge
      -- (the ledger row carries the part taken from paid lots: the prepaid-balance report reads it)
      with taken as (
        update gem_lots g set remaining = g.remaining - least(g.remaining, v_charge - (s.upto - g.remaining))
          from (
            select id, remaining, sum(remaining) over (order by expires_at, id) as upto from gem_lots
              where user_id = v_uid and expires_at > v_at and remaining > 0
          ) s
          where g.id = s.id and s.upto - s.remaining < v_charge
          returning g.kind, least(s.remaining, v_charge - (s.upto - s.remaining)) as take
      )
      select coalesce(sum(take) filter (where kind = 'paid'), 0) into v_paid from taken;
      insert into gem_ledger (user_id, delta, paid_delta, reason, reference, balance_after, created_at)
        values (v_uid, -v_charge, -v_paid, 'pack_purchase', 'purchase:' || v_pid, v_balance - v_charge, v_at);
      v_carry := (v_carry + v_price) % (o->>'gems_per_coin_tenth')::integer;
      update users set last_gem_use_at = v_at, coin_carry_gems = v_carry, coin_tenths = coin_tenths + v_earned
        where id = v_uid returning coin_tenths into v_coins;
      if v_earned > 0 then
        insert into coin_ledger (user_id, delta_tenths, reason, reference, balance_after_tenths, created_at)
          values (v_uid, v_earned, 'pack_purchase_reward', 'purchase:' || v_pid, v_coins, v_at);
      end if;
    elsif v_charge > 0 then
      update users set coin_tenths = coin_tenths - v_charge where id = v_uid returning coin_tenths into v_coins;
      insert into coin_ledger (user_id, delta_tenths, reason, reference, balance_after_tenths, created_at)
        values (v_uid, -v_charge, 'pack_purchase', 'purchase:' || v_pid, v_coins, v_at);
    elsif (o->>'spends_gems')::boolean then
      update users set last_gem_use_at = v_at where id = v_uid;
    end if;

    v_acc := v_acc || jsonb_build_array(jsonb_build_object(
      'key', o->'key', 'pid', v_pid, 'user_id', v_uid, 'count', (o->>'count')::integer, 'off', v_n,
      'at', v_at, 'rank', v_u.rank, 'country_id', v_u.country_id, 'currency', o->'currency',
      'base_price', v_terms->'base_price', 'discount_percent', v_terms->'discount_percent', 'price', v_price,
      'earned', v_earned, 'choosable', o->'choosable', 'ship_only', o->'ship_only', 'last_one', o->'last_one'));
    v_n := v_n + (o->>'count')::integer;
    v_plays := v_plays || jsonb_build_object(v_uid::text,
      coalesce((v_plays->>v_uid::text)::integer, 0) + (o->>'count')::integer);
  end loop;

  if v_n = 0 then
    return v_out;
  end if;

  -- the last statement: the claim (the pack row's lock, held from here to the commit), the purchase rows and
  -- every won item of the claimed range
  with claim as (
    update packs set sold_count = sold_count + v_n
      where id = p_pack_id and sold_count + v_n <= total_pack_count
      returning sold_count, total_pack_count
  ), acc as (
    select a.*, c.sold_count - v_n + a.off as first, c.total_pack_count as total
      from jsonb_to_recordset(v_acc) as a(
        pid integer, user_id integer, count integer, off integer, at text, currency text, base_price integer,
        discount_percent integer, price integer, earned integer, choosable text, ship_only text, last_one jsonb)
      cross join claim c
  ), pur as (
    insert into pack_purchases (id, user_id, pack_id, count, first_position, currency, base_price,
        discount_percent, price_paid, coin_earned_tenths, created_at)
      select pid, user_id, p_pack_id, count, first, currency, base_price, discount_percent, price, earned, at
        from acc
      returning id
  ), lots as (
    insert into won_items (purchase_id, user_id, pack_id, prize_id, card_id, position, is_last_one, action_type,
        buy_point, status, created_at)
      select acc.pid, acc.user_id, l.pack_id, l.prize_id, pp.card_id, l.position, 0,
          case when pp.ship_only = 1 then acc.ship_only else acc.choosable end, pp.buy_point, 'unselected', acc.at
        from acc
        -- each purchase's range of the primary key (lateral, kept apart by offset 0: never a scan of the pack's
        -- lots, whatever the statistics say of a freshly published pack)
        cross join lateral (
          select pl.pack_id, pl.prize_id, pl.position from pack_lots pl
            where pl.pack_id = p_pack_id and pl.position >= acc.first and pl.position < acc.first + acc.count
            offset 0
        ) l
        join pack_prizes pp on pp.id = l.prize_id
        order by l.position
      returning id, purchase_id, position, prize_id
  ), last_one as (
    insert into won_items (purchase_id, user_id, pack_id, prize_id, card_id, position, is_last_one, action_type,
        buy_point, status, created_at)
      select acc.pid, acc.user_id, p_pack_id, (x->>'id')::integer, (x->>'card_id')::integer, null, 1,
          case when (x->>'ship_only')::integer = 1 then acc.ship_only else acc.choosable end,
          (x->>'buy_point')::integer, 'unselected', acc.at
        from acc
        cross join jsonb_array_elements(acc.last_one) x
        cross join generate_series(1, (x->>'quantity')::integer)
        where acc.first + acc.count = acc.total
      returning id, purchase_id, prize_id
  )
  select
    exists (select 1 from claim),
    (select min(first) from acc),
    (select jsonb_object_agg(purchase_id::text, jsonb_build_object(
        'ids', ids, 'positions', positions, 'prize_ids', prize_ids))
      from (select purchase_id, array_agg(id order by position) ids, array_agg(position order by position) positions,
              array_agg(prize_id order by position) prize_ids
            from lots group by purchase_id) g),
    (select jsonb_object_agg(purchase_id::text, items)
      from (select purchase_id, jsonb_agg(jsonb_build_object('id', id, 'prize_id', prize_id) order by id) items
            from last_one group by purchase_id) g)
    into v_claimed, v_first, v_lots, v_last;

  if not v_claimed then
    -- fewer lots left than the batch asks for: the caller rolls this batch back and runs it one at a time
    raise exception using errcode = 'GP001', message = 'claim does not fit';
  end if;
  for o in select value from jsonb_array_elements(v_acc) loop
    v_out := v_out || jsonb_build_array(jsonb_build_object(
      'key', o->'key', 'ok', true, 'purchase_id', o->'pid', 'first', v_first + (o->>'off')::integer,
      'rank', o->'rank', 'country_id', o->'country_id',
      'lots', coalesce(v_lots->(o->>'pid'), '{"ids":[],"positions":[],"prize_ids":[]}'::jsonb),
      'last_one', coalesce(v_last->(o->>'pid'), '[]'::jsonb)));
  end loop;
  return v_out;
end
$fn$`.execute(db);

  await sql`
create or replace function draws_record_purchase(p_orders jsonb) returns jsonb
language plpgsql as $fn$
declare
  v_pack_id integer := (p_orders->0->>'pack_id')::integer;
  v_all jsonb := '[]';
  o jsonb;
begin
  begin
    return draws_purchase_run(v_pack_id, p_orders);
  exception when sqlstate 'GP001' then
    if jsonb_array_length(p_orders) = 1 then
      return jsonb_build_array(jsonb_build_object('key', p_orders->0->'key', 'redo', 'claim'));
    end if;
  end;
  -- the pack sells out within this batch: one order at a time, each claim its own
  for o in select value from jsonb_array_elements(p_orders) loop
    begin
      v_all := v_all || draws_purchase_run(v_pack_id, jsonb_build_array(o));
    exception when sqlstate 'GP001' then
      v_all := v_all || jsonb_build_array(jsonb_build_object('key', o->'key', 'redo', 'claim'));
    end;
  end loop;
  return v_all;
end
$fn$`.execute(db);
}
