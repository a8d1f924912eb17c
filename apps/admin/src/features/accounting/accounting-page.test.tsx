import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminAccountingPeriod, AdminPrepaidReport } from '@gacha/contract/admin-accounting';
import { fakeApi, meAs } from '../../test/fake-api.ts';
import { renderConsole } from '../../test/render.tsx';

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent?.trim()));

const moves = (over = {}) => ({ issued: 0, used: 0, expired: 0, refunded: 0, balance: 0, ...over });
const period = (p: string, over: Partial<AdminAccountingPeriod> = {}): AdminAccountingPeriod => ({
  period: p,
  payments: 0,
  gross_yen: 0,
  refunds: 0,
  refunds_yen: 0,
  net_yen: 0,
  by_method: [],
  paid_gems: moves(),
  bonus_gems: moves(),
  ...over,
});
const day1 = period('2025-12-01', {
  payments: 1,
  gross_yen: 5000,
  net_yen: 5000,
  by_method: [{ method: 'card', payments: 1, gross_yen: 5000, refunds: 0, refunds_yen: 0, net_yen: 5000 }],
  paid_gems: moves({ issued: 5000, balance: 27_700 }),
});
const day2 = period('2025-12-02', {
  refunds: 1,
  refunds_yen: 5000,
  net_yen: -5000,
  by_method: [{ method: 'card', payments: 0, gross_yen: 0, refunds: 1, refunds_yen: 5000, net_yen: -5000 }],
  paid_gems: moves({ refunded: 5000, balance: 22_700 }),
});
const total = period('2025-12-01/2025-12-02', {
  payments: 1,
  gross_yen: 5000,
  refunds: 1,
  refunds_yen: 5000,
  by_method: [{ method: 'card', payments: 1, gross_yen: 5000, refunds: 1, refunds_yen: 5000, net_yen: 0 }],
  paid_gems: moves({ issued: 5000, refunded: 5000, balance: 22_700 }),
});
const prepaid = (base: string, over: Partial<AdminPrepaidReport> = {}): AdminPrepaidReport => ({
  base_date: base,
  period_from: '2026-04-01',
  period_to: base,
  issued: 12_345_679,
  used: 0,
  expired: 19_700,
  refunded: 0,
  unused_balance: 12_345_679,
  threshold: 10_000_000,
  exceeds: true,
  deposit_required: 6_172_840,
  due_date: '2026-11-30',
  provisional: false,
  base_dates: ['2026-09-30', '2026-03-31'],
  ...over,
});

describe('the accounts page', () => {
  it('shows sales, refunds and net by method, month and day, the CSV files, the liability and the prepaid report', async () => {
    const api = fakeApi({
      'GET admin/me': () => meAs('viewer'),
      'GET admin/accounting': (_p, url) => ({
        from: url.searchParams.get('from') ?? '2025-12-01',
        to: url.searchParams.get('to') ?? '2025-12-02',
        days: [day1, day2],
        months: [{ ...total, period: '2025-12' }],
        total,
      }),
      'GET admin/accounting/liability': (_p, url) => ({
        date: url.searchParams.get('date') ?? '2025-12-02',
        at: '2025-12-02T15:00:00.000Z',
        paid: 22_700,
        bonus: 500,
        total: 23_200,
      }),
      'GET admin/accounting/prepaid': (_p, url) =>
        url.searchParams.get('base') === '2026-03-31'
          ? prepaid('2026-03-31', {
              unused_balance: 19_700,
              exceeds: false,
              deposit_required: 0,
              due_date: '2026-05-31',
            })
          : prepaid('2026-09-30'),
    });
    await renderConsole('/accounting?from=2025-12-01&to=2025-12-02');
    expect(await screen.findByRole('heading', { name: 'Accounts', level: 1 })).toBeTruthy();
    const totals = await screen.findByRole('region', { name: 'Sales, refunds and net' });
    expect(rows(within(totals).getAllByRole('table')[0]!)).toEqual([
      ['Payment method', 'Payments', 'Gross sales', 'Refunds', 'Net'],
      ['All days shown', '1', '¥5,000', '¥5,000 (1)', '¥0'],
      ['— Card', '1', '¥5,000', '¥5,000 (1)', '¥0'],
    ]);
    expect(rows(within(totals).getAllByRole('table')[1]!)).toEqual([
      ['Gems', 'Issued', 'Used', 'Expired or voided', 'Taken back by refunds', 'Left at the end'],
      ['Paid gems', '5,000', '0', '0', '5,000', '22,700'],
      ['Free gems', '0', '0', '0', '0', '0'],
    ]);
    const days = screen.getByRole('region', { name: 'By day' });
    expect(rows(within(days).getByRole('table')).slice(1)).toEqual([
      ['2025/12/01', '1', '¥5,000', '¥0', '¥5,000', '27,700', '0'],
      ['2025/12/02', '0', '¥0', '¥5,000 (1)', '−¥5,000', '22,700', '0'],
    ]);
    expect(screen.getByRole('link', { name: 'Daily figures (CSV)' }).getAttribute('href')).toBe(
      '/api/admin/accounting/daily.csv?from=2025-12-01&to=2025-12-02',
    );
    expect(screen.getByRole('link', { name: 'Refunds (CSV)' }).getAttribute('href')).toBe(
      '/api/admin/accounting/refunds.csv?from=2025-12-01&to=2025-12-02',
    );

    // the liability on a chosen day
    const liability = screen.getByRole('region', { name: 'Gem liability on a day' });
    expect(await within(liability).findByText('22,700')).toBeTruthy();
    fireEvent.change(within(liability).getByLabelText('Day (JST)'), { target: { value: '2025-11-30' } });
    fireEvent.click(within(liability).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(api.callsTo('GET admin/accounting/liability')).toHaveLength(2));

    // the prepaid report: above the threshold an alert; another base date below it
    const report = screen.getByRole('region', { name: 'Prepaid-balance report (Payment Services Act)' });
    expect((await within(report).findByRole('alert')).textContent).toBe(
      'The unused balance is above ¥10,000,000: deposit at least ¥6,172,840 by 2026/11/30 and file the report.',
    );
    fireEvent.change(within(report).getByLabelText('Base date'), { target: { value: '2026-03-31' } });
    expect(
      await within(report).findByText(
        'The unused balance is not above ¥10,000,000: no deposit is required for this base date.',
      ),
    ).toBeTruthy();
    expect(within(report).getByRole('link', { name: 'Report (CSV)' }).getAttribute('href')).toBe(
      '/api/admin/accounting/prepaid.csv?base=2026-03-31',
    );
  });

  it('in Japanese; a refused range shows the reason', async () => {
    fakeApi({
      'GET admin/me': () => meAs('owner'),
      'GET admin/accounting': () => ({
        state: 400,
        errors: { from: ['開始日は終了日より前にしてください。'] },
      }),
      'GET admin/accounting/liability': () => ({
        date: '2026-11-28',
        at: '2026-11-28T03:00:00.000Z',
        paid: 0,
        bonus: 0,
        total: 0,
      }),
      'GET admin/accounting/prepaid': () => prepaid('2026-09-30', { exceeds: false, deposit_required: 0 }),
    });
    await renderConsole('/accounting?from=2025-12-02&to=2025-12-01', 'ja');
    expect(await screen.findByRole('heading', { name: '会計', level: 1 })).toBeTruthy();
    expect((await screen.findAllByRole('alert'))[0]!.textContent).toContain(
      '開始日は終了日より前にしてください。',
    );
    expect(screen.getByRole('region', { name: '前払式支払手段の未使用残高報告（資金決済法）' })).toBeTruthy();
  });

  it('a role without accounting.read has no Accounts', async () => {
    const api = fakeApi({ 'GET admin/me': () => meAs('support') });
    await renderConsole('/accounting');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Accounts' })).toBeNull();
    expect(api.callsTo('GET admin/accounting')).toHaveLength(0);
  });
});
