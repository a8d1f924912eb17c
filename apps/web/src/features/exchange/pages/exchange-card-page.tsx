import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  exchangeListSchema,
  exchangeSorts,
  type ExchangeCard,
  type ExchangeCheckResult,
  type ExchangeResult,
  type ExchangeSort,
} from '@gacha/contract/exchange';
import { AlertModal } from '../../../components/alert-modal.tsx';
import { CoinIcon } from '../../../components/currency-icons.tsx';
import { PackBanner } from '../../../components/pack-banner.tsx';
import { LoadingBlock } from '../../../components/page-skeleton.tsx';
import { Pager } from '../../../components/pager.tsx';
import { ShippingAddressForm } from '../../../components/shipping-address-form.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { State } from '../../../lib/api.ts';
import { useCardTypes, type CardTypeTab } from '../../../lib/card-types.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { formatCoinTenths } from '../../../lib/format.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { schemaResolver } from '../../../lib/messages-resolver.ts';
import { isLoggedIn, loadCurrentUser, useCurrentUser } from '../../../lib/session.ts';
import { useSubmit } from '@gacha/client/use-submit';
import { checkExchange } from '../api/check-exchange.ts';
import { exchangeCard } from '../api/exchange-card.ts';
import { useCoinPacks } from '../api/get-coin-packs.ts';
import { exchangeCardsKey, useExchangeCards } from '../api/get-exchange-cards.ts';
import { ExchangeCardTile } from '../components/exchange-card-tile.tsx';
import { ExchangeConfirmModal, ExchangeDoneModal } from '../components/exchange-modals.tsx';
import { exchangeRefusal } from '../refusal.ts';
import styles from './exchange-card-page.module.css';

/**
 * The tabs of spec §2 Exchange card: the card types staff show at the counter (Pokémon and ONE PIECE in the
 * spec's shop), then Coin Gacha.
 */
const COIN_TAB = 'coin';
type Tab = string;

/** The tab `?tab=` names: a counter card type, Coin Gacha, else the first card type (null: types not in yet). */
function parseTab(value: string | null, cardTabs: readonly CardTypeTab[] | undefined): Tab | null {
  if (value === COIN_TAB) return COIN_TAB;
  if (!cardTabs) return value && /^\d+$/.test(value) ? value : null;
  const id = (cardTabs.find((x) => String(x.id) === value) ?? cardTabs[0])?.id;
  return id === undefined ? COIN_TAB : String(id);
}

function parseSort(value: string | null): ExchangeSort {
  return (exchangeSorts as readonly string[]).includes(value ?? '') ? (value as ExchangeSort) : 'new';
}

/** The coin history's query key (features/coins): an exchange adds a row to it. */
const COIN_HISTORY_KEY = ['coins', 'history'] as const;

/**
 * /exchange-card?tab&q&sort&page (spec §2 Exchange card, §4 Exchange): coins for cards. Per card tab a search
 * ('Card name, rarity, and model number') with sort radios, the cards (image, name, model number, rarity, coin
 * price, Exchange) and a pager; the Coin Gacha tab lists the coin packs. Exchange: POST check (a guest goes to
 * /login) → 'Use coin' → POST exchange → 'Card has been exchanged.', the user and the list reloaded. Refusals:
 * an OK modal ('Exchange limit exceeded' for result '-3', else 'Coin shortage'); no shipping address → the
 * address form first, then the check again.
 */
export function ExchangeCardPage() {
  const { t } = useTranslation('coins');
  const msg = useCatalogue();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { data: types } = useCardTypes();
  const cardTabs = types?.filter((x) => x.exchange_tab);
  const firstTab = cardTabs?.[0] ? String(cardTabs[0].id) : COIN_TAB;
  const tab = parseTab(params.get('tab'), cardTabs);
  const q = params.get('q') ?? '';
  const sort = parseSort(params.get('sort'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data: user } = useCurrentUser();

  const [target, setTarget] = useState<ExchangeCard | null>(null);
  const [check, setCheck] = useState<ExchangeCheckResult | null>(null);
  const [done, setDone] = useState<ExchangeResult | null>(null);
  const [alert, setAlert] = useState<{ title: string; message: string } | null>(null);
  const [addressFor, setAddressFor] = useState<ExchangeCard | null>(null);

  const refuse = (res: Parameters<typeof exchangeRefusal>[0], card: ExchangeCard) => {
    setCheck(null);
    setTarget(null);
    const next = exchangeRefusal(res, {
      shippingToJapan: msg('shipping_to_japan'),
      fallback: msg('server_error'),
    });
    if (next.kind === 'login') navigate('/login');
    else if (next.kind === 'address') setAddressFor(card);
    else setAlert({ title: t(`exchange.${next.title}Title`), message: next.message });
  };
  const unreachable = () => {
    setCheck(null);
    setTarget(null);
    setAlert({ title: t('exchange.errorTitle'), message: t('exchange.network') });
  };

  // the check: POST /user/exchange_card/check once per click, however often it is pressed
  const checking = useSubmit({
    mutationFn: (card: ExchangeCard) => checkExchange(card.id),
    onSuccess: (res, card) => {
      if (res.state === State.ok) {
        setTarget(card);
        setCheck(res);
      } else refuse(res, card);
    },
    onError: unreachable,
  });

  // Confirm exchange: POST /user/exchange_card/exchange once
  const exchanging = useSubmit({
    mutationFn: (card: ExchangeCard) => exchangeCard(card.id),
    onSuccess: (res, card) => {
      if (res.state !== State.ok) {
        refuse(res, card);
        return;
      }
      setCheck(null);
      setTarget(null);
      setDone(res);
      // the header's coins, the list's stock and the coin history change
      void loadCurrentUser().catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: exchangeCardsKey });
      void queryClient.invalidateQueries({ queryKey: COIN_HISTORY_KEY });
    },
    onError: unreachable,
  });

  const onExchange = (card: ExchangeCard) => {
    if (!isLoggedIn(user)) {
      navigate('/login');
      return;
    }
    checking.send(card);
  };

  const setQuery = (next: { tab?: Tab; q?: string; sort?: ExchangeSort; page?: number }) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        const put = (name: string, value: string | undefined, fallback: string) => {
          if (value === undefined) return;
          if (value === fallback) out.delete(name);
          else out.set(name, value);
        };
        put('tab', next.tab, firstTab);
        put('q', next.q, '');
        put('sort', next.sort, 'new');
        put('page', next.page === undefined ? undefined : String(next.page), '1');
        return out;
      },
      { preventScrollReset: true },
    );

  if (addressFor) {
    return (
      <div className="page page-narrow">
        <h1 className="page-title">{t('exchange.title')}</h1>
        <div className={`card ${styles.addressPanel}`}>
          <p className={styles.step}>{t('exchange.addressStep', { name: addressFor.name })}</p>
          <ShippingAddressForm
            onSaved={() => {
              setAddressFor(null);
              checking.send(addressFor); // and back: the check again, then 'Use coin'
            }}
            onCancel={() => setAddressFor(null)}
          />
        </div>
      </div>
    );
  }

  const tabs = [
    ...(cardTabs ?? []).map((x) => ({ value: String(x.id), label: x.name })),
    { value: COIN_TAB, label: t('exchange.coinGacha') },
  ];

  return (
    <div className="page">
      <div className={styles.head}>
        <h1 className={`page-title ${styles.title}`}>{t('exchange.title')}</h1>
        <div className={styles.wallet}>
          <p className={styles.held}>
            <span>{t('exchange.held')}</span>
            <CoinIcon size={20} />
            <span className="num" data-testid="exchange-coins">
              {formatCoinTenths(user?.coin_tenths ?? 0)}
            </span>
          </p>
          <Link to="/coin-history" className="btn btn-secondary btn-sm">
            {t('exchange.coinHistory')}
          </Link>
        </div>
      </div>
      <p className={styles.lead}>{t('exchange.lead')}</p>
      {tab === null ? (
        <LoadingBlock />
      ) : (
        <Tabs
          items={tabs}
          value={tab}
          onChange={(v) => setQuery({ tab: v, q: '', page: 1 })}
          label={t('exchange.tabsLabel')}
          variant="underline"
        >
          {tab === COIN_TAB ? (
            <CoinGachaTab />
          ) : (
            <CardTab
              key={tab}
              type={Number(tab)}
              q={q}
              sort={sort}
              page={page}
              onSearch={(text, s) => setQuery({ q: text, sort: s, page: 1 })}
              onPage={(p) => setQuery({ page: p })}
              onExchange={onExchange}
              coinTenths={isLoggedIn(user) ? (user?.coin_tenths ?? 0) : null}
            />
          )}
        </Tabs>
      )}

      <ExchangeConfirmModal
        card={target}
        check={check}
        pending={exchanging.isPending}
        onNo={() => {
          setCheck(null);
          setTarget(null);
        }}
        onConfirm={() => target && exchanging.send(target)}
      />
      <ExchangeDoneModal done={done} onClose={() => setDone(null)} />
      <AlertModal open={alert !== null} title={alert?.title} onOk={() => setAlert(null)}>
        <p>{alert?.message}</p>
      </AlertModal>
    </div>
  );
}

interface CardTabProps {
  type: number;
  q: string;
  sort: ExchangeSort;
  page: number;
  onSearch: (text: string, sort: ExchangeSort) => void;
  onPage: (page: number) => void;
  onExchange: (card: ExchangeCard) => void;
  /** The member's coins in tenths; null for a guest (whose Exchange goes to login). */
  coinTenths: number | null;
}

/** One card type: the search, the sort, the cards and the pager. */
function CardTab({ type, q, sort, page, onSearch, onPage, onExchange, coinTenths }: CardTabProps) {
  const { t } = useTranslation('coins');
  const { data, isPending, isError, isPlaceholderData, refetch } = useExchangeCards({
    type,
    searchText: q,
    sort,
    page,
  });
  return (
    <div className={styles.panel}>
      <SearchForm type={type} q={q} sort={sort} onSearch={onSearch} />
      {isPending ? (
        <p aria-busy="true" className={styles.empty}>
          {t('common:loading')}
        </p>
      ) : isError ? (
        <div role="alert" className={styles.empty}>
          <p>{t('exchange.loadError')}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void refetch()}>
            {t('exchange.retry')}
          </button>
        </div>
      ) : !data.list.length ? (
        <p className={styles.empty}>{q ? t('exchange.emptySearch', { text: q }) : t('exchange.empty')}</p>
      ) : (
        <div aria-busy={isPlaceholderData || undefined}>
          <ul className={styles.grid} aria-label={t('exchange.listLabel')}>
            {data.list.map((card, i) => (
              <li key={card.id}>
                <ExchangeCardTile card={card} onExchange={onExchange} lazy={i >= 4} coinTenths={coinTenths} />
              </li>
            ))}
          </ul>
          <Pager page={data.page} allPage={data.all_page} pages={data.pages} onChange={onPage} />
        </div>
      )}
    </div>
  );
}

interface SearchValues {
  searchText: string;
  sort: ExchangeSort;
}

/**
 * The search of spec §2: a text ('Card name, rarity, and model number') and the sort radios, checked with the
 * list call's own schema; a sort applies at once, the text on Search (or Enter).
 */
function SearchForm({
  type,
  q,
  sort,
  onSearch,
}: {
  type: number;
  q: string;
  sort: ExchangeSort;
  onSearch: (text: string, sort: ExchangeSort) => void;
}) {
  const { t } = useTranslation('coins');
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const resolver = useMemo(
    () =>
      schemaResolver<SearchValues>(exchangeListSchema, (v) => ({
        type,
        searchText: v.searchText,
        sort: v.sort,
      })),
    [type],
  );
  const form = useForm<SearchValues>({
    defaultValues: { searchText: q, sort },
    resolver,
    shouldFocusError: false,
  });
  const { reset } = form;
  useEffect(() => reset({ searchText: q, sort }), [reset, q, sort]);
  const onSubmit = form.handleSubmit(
    (v) => onSearch(v.searchText.trim(), v.sort),
    (invalid) => focusFirstError(formRef.current, invalid),
  );
  const error = form.formState.errors.searchText?.message;

  return (
    <form ref={formRef} role="search" className={styles.search} onSubmit={onSubmit} noValidate>
      <div className={styles.searchRow}>
        <label htmlFor={id} className="visually-hidden">
          {t('exchange.searchPlaceholder')}
        </label>
        <input
          id={id}
          type="search"
          className={styles.searchInput}
          placeholder={t('exchange.searchPlaceholder')}
          enterKeyHint="search"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register('searchText')}
        />
        <button type="submit" className={`btn btn-dark ${styles.searchButton}`}>
          {t('exchange.search')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <fieldset className={styles.sort}>
        <legend className={styles.sortLegend}>{t('exchange.sortLabel')}</legend>
        <div className={styles.sortOptions}>
          {exchangeSorts.map((s) => (
            <label key={s} className={styles.sortOption}>
              <input type="radio" value={s} {...form.register('sort', { onChange: () => void onSubmit() })} />
              <span>{t(`exchange.sort.${s}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </form>
  );
}

/** The Coin Gacha tab: the coin packs (POST /user/pack/list {payment_method: 2}) as banners to /pack-detail. */
function CoinGachaTab() {
  const { t } = useTranslation('coins');
  const { data, isPending, isError, refetch } = useCoinPacks();
  return (
    <div className={styles.panel}>
      <p className={styles.coinLead}>{t('exchange.coinGachaLead')}</p>
      {isPending ? (
        <p aria-busy="true" className={styles.empty}>
          {t('common:loading')}
        </p>
      ) : isError ? (
        <div role="alert" className={styles.empty}>
          <p>{t('exchange.loadError')}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void refetch()}>
            {t('exchange.retry')}
          </button>
        </div>
      ) : !data.list.length ? (
        <p className={styles.empty}>{t('exchange.noCoinPacks')}</p>
      ) : (
        <ul className={styles.packs}>
          {data.list.map((pack, i) => (
            <li key={pack.id}>
              <PackBanner pack={pack} lazy={i >= 2} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default ExchangeCardPage;
