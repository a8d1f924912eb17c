import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PackCheckResult, PurchaseRefusal } from '@gacha/contract/draws';
import type { PackDetail } from '@gacha/contract/packs';
import { deferred, fakeApi } from '../../../test/fake-api.ts';
import { dragonPack, silverMember } from '../../../test/pack-fixtures.ts';
import { Landing, loadI18n, renderAt } from '../../../test/render.tsx';
import { ConfirmBuyProductPage } from './confirm-buy-product-page.tsx';
import { PackDetailPage } from './pack-detail-page.tsx';

/**
 * The purchase flow of spec §2 (Pack detail, Confirm purchase) against a fake API behind lib/api.ts: BUY checks
 * the count, the confirm modal shows the amount, any rank discount and the balance before and after, Yes buys
 * and opens the pack; refusals open the balance modals or show their message; a double click buys once.
 */

const pack = dragonPack;

const member = silverMember;

const check: PackCheckResult = {
  result: '1',
  pack_id: 7,
  count: 3,
  currency: 'gem',
  base_price: 1500,
  discount_percent: 10,
  price: 1350,
  balance_before: 30000,
  balance_after: 28650,
};

const bought = {
  result: '1',
  purchase_id: 91,
  pack_id: 7,
  title: 'Dragon Pack',
  created: '2025/01/01 12:00',
  movie_style: 1,
  is_country: '1',
  is_buy_coin: '0',
  card_type: 1,
  count: 3,
  price_paid: 1350,
  currency: 'gem',
  cards: [],
  videos: [],
};

const refusal = (reason: PurchaseRefusal, message: string, state = 400) => ({
  state,
  reason,
  errors: { count: [message] },
});

/** The shop with this pack and member; `extra` adds or replaces handlers. */
function shop(extra: Record<string, object> = {}, detail: Partial<PackDetail> = {}) {
  return fakeApi({
    'GET user/point': member,
    'GET user/pack/detail/7': { pack: { ...pack, ...detail } },
    'POST user/pack/check': check,
    'POST user/pack/buy': bought,
    ...extra,
  });
}

const routes = {
  '/pack-detail': <PackDetailPage />,
  '/confirm-buy-product': <ConfirmBuyProductPage />,
  '/gacha-animation': <Landing name="opening" />,
  '/buy-point': <Landing name="buy gems" />,
  '/login': <Landing name="login" />,
};

beforeAll(() => loadI18n('en'));

/**
 * Two clicks in the same frame, before the page renders again (a fast double click): the button still looks
 * enabled to the second one, so only the mutation's own pending state can refuse it.
 */
function doubleClick(button: HTMLElement) {
  fireEvent.click(button);
  fireEvent.click(button);
}

async function buyThree() {
  const user = userEvent.setup();
  renderAt('/pack-detail?packId=7', routes);
  await user.selectOptions(await screen.findByLabelText('Number of plays'), '3');
  await user.click(screen.getByRole('button', { name: 'BUY' }));
  return user;
}

describe('pack detail: BUY, the confirm modal, Yes', () => {
  it('checks the count, shows price, discount and balance, and buys into the opening', async () => {
    const api = shop();
    const user = await buyThree();

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your purchase' });
    expect(api.callsTo('POST user/pack/check').map((c) => c.payload)).toEqual([{ packId: 7, count: '3' }]);
    const rows = within(dialog);
    expect(rows.getByText('Dragon Pack')).toBeTruthy();
    expect(rows.getByText('3 plays')).toBeTruthy();
    expect(rows.getByText('Rank discount 10%')).toBeTruthy();
    expect(rows.getByText('1,500')).toBeTruthy(); // the list price, struck through
    expect(rows.getByText('1,350')).toBeTruthy(); // what is spent
    expect(rows.getByText('30,000')).toBeTruthy(); // held
    expect(rows.getByText('28,650')).toBeTruthy(); // left

    await user.click(rows.getByRole('button', { name: 'Yes, buy' }));
    const landing = await screen.findByTestId('landing');
    expect(landing.textContent).toContain('opening');
    expect(landing.textContent).toContain('"from":"pack-detail"');
    expect(landing.textContent).toContain('"purchaseId":91');
    expect(api.callsTo('POST user/pack/buy').map((c) => c.payload)).toEqual([{ packId: 7, count: '3' }]);
  });

  it('No closes the modal without buying', async () => {
    const api = shop();
    const user = await buyThree();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your purchase' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST user/pack/buy')).toHaveLength(0);
  });

  it('a double click on Yes sends one purchase', async () => {
    const answer = deferred<object>();
    const api = shop({ 'POST user/pack/buy': () => answer.promise } as never);
    const user = await buyThree();
    const yes = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, buy' });
    doubleClick(yes);
    await user.click(yes);
    expect(api.callsTo('POST user/pack/buy')).toHaveLength(1);
    expect((yes as HTMLButtonElement).disabled).toBe(true);
    answer.resolve(bought);
    expect((await screen.findByTestId('landing')).textContent).toContain('opening');
    expect(api.callsTo('POST user/pack/buy')).toHaveLength(1);
  });

  it('a double click on BUY checks once', async () => {
    const answer = deferred<object>();
    const api = shop({ 'POST user/pack/check': () => answer.promise } as never);
    const user = userEvent.setup();
    renderAt('/pack-detail?packId=7', routes);
    doubleClick(await screen.findByRole('button', { name: 'BUY' }));
    await user.click(screen.getByRole('button', { name: 'BUY' }));
    expect(api.callsTo('POST user/pack/check')).toHaveLength(1);
    answer.resolve(check);
    await screen.findByRole('dialog', { name: 'Confirm your purchase' });
    expect(api.callsTo('POST user/pack/check')).toHaveLength(1);
  });
});

describe('pack detail: refusals', () => {
  it('not enough gems opens "Not enough gems", whose YES leads to buying gems', async () => {
    const api = shop({ 'POST user/pack/check': refusal('not_enough_gems', 'You do not have enough gems.') });
    const user = await buyThree();
    const modal = await screen.findByRole('alertdialog', { name: 'Not enough gems' });
    expect(within(modal).getByText(/Do you want to buy gems now\?/)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Confirm your purchase' })).toBeNull();
    await user.click(within(modal).getByRole('button', { name: 'YES' }));
    expect((await screen.findByTestId('landing')).textContent).toContain('buy gems');
    expect(api.callsTo('POST user/pack/buy')).toHaveLength(0);
  });

  it('not enough coins opens "Not enough coins", which only closes', async () => {
    shop(
      { 'POST user/pack/check': refusal('not_enough_coins', 'You do not have enough coins.') },
      { payment_method: 2, point: 5 },
    );
    const user = await buyThree();
    const modal = await screen.findByRole('alertdialog', { name: 'Not enough coins' });
    expect(within(modal).queryByRole('button', { name: 'YES' })).toBeNull();
    await user.click(within(modal).getByText('Close', { selector: 'button' })); // the footer's, not the ×
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByTestId('landing')).toBeNull();
  });

  it.each([
    ['pack_sold_out', 'This pack is sold out.', 409],
    ['count_above_remaining', 'Only 2 lots are left.', 400],
    ['pack_limit_exceeded', 'You can buy this pack up to 5 times.', 400],
  ] as const)('a check refused for %s shows its message under the count', async (reason, message, state) => {
    const api = shop({ 'POST user/pack/check': refusal(reason, message, state) });
    await buyThree();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // the counts are loaded again
    await waitFor(() => expect(api.callsTo('GET user/pack/detail/7').length).toBeGreaterThan(1));
  });

  it('a purchase refused after the check (sold out meanwhile) closes the modal and shows the message', async () => {
    shop({ 'POST user/pack/buy': refusal('pack_sold_out', 'This pack is sold out.', 409) });
    const user = await buyThree();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, buy' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This pack is sold out.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('landing')).toBeNull();
  });

  it('a purchase refused for the balance after the check opens "Not enough gems"', async () => {
    shop({ 'POST user/pack/buy': refusal('not_enough_gems', 'You do not have enough gems.') });
    const user = await buyThree();
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, buy' }));
    expect(await screen.findByRole('alertdialog', { name: 'Not enough gems' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Confirm your purchase' })).toBeNull();
  });

  it('a guest is sent to log in, keeping the pack', async () => {
    const api = shop({ 'GET user/point': { ...member, is_login: '0' } });
    const user = userEvent.setup();
    renderAt('/pack-detail?packId=7', routes);
    await screen.findByText('You will be asked to log in first.');
    await user.click(screen.getByRole('button', { name: 'BUY' }));
    expect((await screen.findByTestId('landing')).textContent).toContain('login ?packId=7');
    expect(api.callsTo('POST user/pack/check')).toHaveLength(0);
  });
});

describe('confirm purchase page', () => {
  const url = '/confirm-buy-product?packId=7&buyCount=3';

  it('shows the checked amounts; a double click on Yes buys once and opens the pack in place of the page', async () => {
    const answer = deferred<object>();
    const api = shop({ 'POST user/pack/buy': () => answer.promise } as never);
    const user = userEvent.setup();
    const { router } = renderAt(url, routes);
    expect(await screen.findByText('28,650')).toBeTruthy();
    doubleClick(screen.getByRole('button', { name: 'Yes, buy' }));
    await user.click(screen.getByRole('button', { name: 'Yes, buy' }));
    expect(api.callsTo('POST user/pack/buy')).toHaveLength(1);
    answer.resolve(bought);
    expect((await screen.findByTestId('landing')).textContent).toContain('"from":"confirm-buy-product"');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('a check refused for the balance says so with the way to buy gems', async () => {
    shop({ 'POST user/pack/check': refusal('not_enough_gems', 'You do not have enough gems.') });
    renderAt(url, routes);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You do not have enough gems.');
    expect(within(alert).getByRole('link', { name: 'Buy gems' }).getAttribute('href')).toBe('/buy-point');
    expect((screen.getByRole('button', { name: 'Yes, buy' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a purchase refused for coins opens "Not enough coins"; for the count, its message', async () => {
    shop({ 'POST user/pack/buy': refusal('not_enough_coins', 'You do not have enough coins.') });
    const user = userEvent.setup();
    renderAt(url, routes);
    await user.click(await screen.findByRole('button', { name: 'Yes, buy' }));
    expect(await screen.findByRole('alertdialog', { name: 'Not enough coins' })).toBeTruthy();

    shop({ 'POST user/pack/buy': refusal('count_above_remaining', 'Only 2 lots are left.') });
    await user.click(within(screen.getByRole('alertdialog')).getByText('Close', { selector: 'button' }));
    await user.click(screen.getByRole('button', { name: 'Yes, buy' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only 2 lots are left.');
  });
});

describe('pack detail: a session that ended', () => {
  it('a buy refused for want of a session goes to /login?packId= and asks for the member again', async () => {
    const api = shop({ 'POST user/pack/buy': { state: 401, message: 'Please log in.' } });
    const user = await buyThree();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your purchase' });
    const asked = api.callsTo('GET user/point').length;
    await user.click(within(dialog).getByRole('button', { name: 'Yes, buy' }));
    const landing = await screen.findByTestId('landing');
    expect(landing.textContent).toContain('login ?packId=7');
    expect(screen.queryByText('Please log in.')).toBeNull();
    // what the header shows of the member is asked for again (the guest's answer replaces the old balance)
    await waitFor(() => expect(api.callsTo('GET user/point').length).toBeGreaterThan(asked));
  });

  it('a check refused for want of a session goes to /login?packId= too', async () => {
    shop({ 'POST user/pack/check': { state: 401, message: 'Please log in.' } });
    await buyThree();
    expect((await screen.findByTestId('landing')).textContent).toContain('login ?packId=7');
  });
});
