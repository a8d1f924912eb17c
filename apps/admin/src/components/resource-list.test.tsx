import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cardTypes } from '../test/card-type-fixture.ts';
import { fakeApi, meAs } from '../test/fake-api.ts';
import { paymentRow } from '../test/payment-fixture.ts';
import { renderConsole } from '../test/render.tsx';

/**
 * The resource list (the packs page as its example): the address is the query the server gets, and each search,
 * filter, sort and page move changes the address, the query, and nothing else.
 */
const row = (id: number) => ({
  id,
  name_en: `Listed pack ${id}`,
  name_ja: `一覧パック${id}`,
  status: 'published',
  phase: 'on_sale',
  card_type_id: 2,
  payment_method: 1,
  point: 100 + id,
  total_pack_count: 10,
  sold_count: 1,
  start_at: '2026-01-01T01:00:00.000Z',
  end_at: null,
  paused: false,
});

function serve() {
  const asked: URLSearchParams[] = [];
  const api = fakeApi({
    'GET admin/me': () => meAs('viewer'),
    'GET admin/card-types': () => cardTypes(),
    'GET admin/packs': (_, url) => {
      asked.push(url.searchParams);
      const page = Number(url.searchParams.get('page') ?? 1);
      return { list: [row(page * 10), row(page * 10 + 1)], page, all_page: 3, per_page: 2, total: 6 };
    },
  });
  return { api, asked, last: () => Object.fromEntries(asked.at(-1)!) };
}

describe('a console list', () => {
  it('asks the server for what the address says, and shows its page and count', async () => {
    const { last } = serve();
    await renderConsole('/packs?q=listed&state=on_sale&sort=price&dir=desc&page=2');
    expect(await screen.findByRole('link', { name: 'Listed pack 20' })).toBeTruthy();
    expect(last()).toEqual({ q: 'listed', state: 'on_sale', sort: 'price', dir: 'desc', page: '2' });
    expect(screen.getByText('6 found')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Price per play/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(screen.getByLabelText('A name or #id')).toHaveProperty('value', 'listed');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/packs/export.csv?q=listed&state=on_sale&sort=price&dir=desc',
    );
  });

  it('a sort, a filter and a search each ask again from page 1; the pager moves the page', async () => {
    const user = userEvent.setup();
    const { last, router } = { ...serve(), ...(await renderConsole('/packs')) };
    await screen.findByRole('link', { name: 'Listed pack 10' });
    await user.click(screen.getByRole('button', { name: /^Price per play/ }));
    await waitFor(() => expect(last()).toMatchObject({ sort: 'price', dir: 'asc' }));
    await user.click(screen.getByRole('button', { name: /^Price per play/ }));
    await waitFor(() => expect(last()).toMatchObject({ sort: 'price', dir: 'desc' }));
    await user.click(within(screen.getByRole('navigation', { name: /Pages of Packs/ })).getByText('Next'));
    await waitFor(() => expect(last()).toMatchObject({ page: '2' }));
    await user.selectOptions(screen.getByLabelText('State'), 'sold_out');
    await waitFor(() => expect(last()).toEqual({ state: 'sold_out', sort: 'price', dir: 'desc', page: '1' }));
    await user.type(screen.getByLabelText('A name or #id'), '#7{Enter}');
    await waitFor(() =>
      expect(last()).toEqual({ q: '#7', state: 'sold_out', sort: 'price', dir: 'desc', page: '1' }),
    );
    expect(router.state.location.search).toBe('?q=%237&state=sold_out&sort=price&dir=desc');
    // only sort keys the server knows make buttons
    expect(within(screen.getByRole('columnheader', { name: 'State' })).queryByRole('button')).toBeNull();
  });

  it('text and day filters apply with the search, a select keeps what is typed, Clear empties them all', async () => {
    const user = userEvent.setup();
    const asked: URLSearchParams[] = [];
    fakeApi({
      'GET admin/me': () => meAs('viewer'),
      'GET admin/payments': (_, url) => {
        asked.push(url.searchParams);
        return { list: [paymentRow()], page: 1, all_page: 1, per_page: 50, total: 1, pii: false };
      },
    });
    const { router } = await renderConsole('/payments');
    // a role without members.pii is told what the list leaves out
    expect(await screen.findByText(/Your role does not see personal data/)).toBeTruthy();
    // the server's own order (newest first) shows on its header before any sort is asked
    expect(screen.getByRole('columnheader', { name: /Started \(JST\)/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    const last = () => Object.fromEntries(asked.at(-1)!);
    await user.type(screen.getByLabelText('Member #'), '42');
    await user.type(screen.getByLabelText('From (JST day)'), '2026-11-01');
    expect(last()).toEqual({ page: '1' });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(last()).toEqual({ from: '2026-11-01', user_id: '42', page: '1' }));
    // a viewer's search box names only what it finds for them
    await user.type(screen.getByLabelText('Payment id, reference or #id'), 'pi_9');
    await user.selectOptions(screen.getByLabelText('Method'), 'bank');
    await waitFor(() =>
      expect(last()).toEqual({
        method: 'bank',
        from: '2026-11-01',
        user_id: '42',
        q: 'pi_9',
        page: '1',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(last()).toEqual({ page: '1' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Member #')).toHaveProperty('value', '');
  });
});
