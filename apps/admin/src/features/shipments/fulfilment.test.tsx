import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, meAs } from '../../test/fake-api.ts';
import { renderConsole } from '../../test/render.tsx';
import { paymentDetail, paymentRow } from '../../test/payment-fixture.ts';
import { BATCHES, packingList, shipment } from './shipment-fixture.ts';
import { enabledWriteButtons } from '../../test/write-buttons.ts';

const posts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === 'POST');

afterEach(() => {
  document.body.innerHTML = '';
});

/** The whole-list answer of GET admin/shipments. */
const list = () => ({ list: BATCHES, page: 1, all_page: 1, per_page: 50, total: BATCHES.length });

describe('the fulfilment page', () => {
  it('shows each batch’s items with their declared value, its age and the overdue one', async () => {
    const ages: Array<string | null> = [];
    fakeApi({
      'GET admin/me': () => meAs('support'),
      'GET admin/shipments': (_p, url) => {
        ages.push(url.searchParams.get('age'));
        return list();
      },
    });
    const { router } = await renderConsole('/shipments');
    const rows = await screen.findAllByRole('row');
    const overdue = rows.find((r) => r.textContent?.includes('#10'))!;
    expect(within(overdue).getByText('Overdue')).toBeTruthy();
    expect(within(overdue).getByText('16 days')).toBeTruthy();
    const fresh = rows.find((r) => r.textContent?.includes('#9'))!;
    expect(within(fresh).queryByText('Overdue')).toBeNull();
    expect(within(fresh).getByText('¥1,000')).toBeTruthy();
    expect(within(fresh).getByText('¥300')).toBeTruthy();
    expect(within(fresh).getByText('PSA')).toBeTruthy();
    // the recipient's country by its name, not its number
    expect(fresh.textContent).toContain('United States');
    expect(fresh.textContent).not.toContain('country 840');
    // the age filter goes to the address and the API
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Waiting'), '14 days or more (overdue)');
    await waitFor(() => expect(ages.at(-1)).toBe('overdue'));
    expect(router.state.location.search).toBe('?age=overdue');
  });

  it('the CSV upload shows the per-line report of a refused file and says nothing was shipped', async () => {
    const api = fakeApi({
      'GET admin/me': () => meAs('support'),
      'GET admin/shipments': list,
      'POST admin/shipments/tracking-import': () => ({
        state: 400,
        message: 'The file was not imported: fix the lines shown and try again.',
        errors: { csv: ['The file was not imported: fix the lines shown and try again.'] },
        applied: false,
        shipped: 0,
        lines: [
          {
            line: 2,
            shipment_id: 9,
            carrier: 'japan_post',
            tracking_code: 'EJ1JP',
            error: null,
            message: null,
          },
          {
            line: 3,
            shipment_id: 999,
            carrier: 'yamato',
            tracking_code: 'YM2',
            error: 'shipment_not_found',
            message: 'There is no such shipment.',
          },
          {
            line: 4,
            shipment_id: 9,
            carrier: 'dhl',
            tracking_code: 'DH3',
            error: 'csv_duplicate_shipment',
            message: 'This shipment is on another line of the file too.',
          },
        ],
      }),
    });
    await renderConsole('/shipments');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import tracking codes (CSV)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/All or nothing/)).toBeTruthy();
    const csv = 'shipment_id,carrier,tracking_code\n9,japan_post,EJ1JP\n999,yamato,YM2\n9,dhl,DH3\n';
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([csv], 'codes.csv', { type: 'text/csv' }),
    );
    await user.dblClick(within(dialog).getByRole('button', { name: 'Import' }));
    const alert = await within(dialog).findByText(/Nothing was marked shipped\./);
    expect(alert.textContent).toContain('2 lines refused');
    expect(posts(api)).toHaveLength(1);
    expect(posts(api)[0]!.payload).toEqual({ csv, dry_run: false });
    const report = within(dialog).getByRole('table');
    const lines = within(report).getAllByRole('row').slice(1);
    expect(lines.map((r) => r.textContent)).toEqual([
      expect.stringContaining('OK'),
      expect.stringContaining('There is no such shipment.'),
      expect.stringContaining('This shipment is on another line of the file too.'),
    ]);
    expect(lines[1]!.textContent).toContain('#999');
  });

  it('a bad file is reported above, with nothing shipped', async () => {
    fakeApi({
      'GET admin/me': () => meAs('support'),
      'GET admin/shipments': list,
      'POST admin/shipments/tracking-import': () => ({
        state: 400,
        message: 'The file has no lines to import.',
        errors: { csv: ['The file has no lines to import.'] },
        applied: false,
        shipped: 0,
        lines: [],
      }),
    });
    await renderConsole('/shipments');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import tracking codes (CSV)' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(within(dialog).getByLabelText('CSV file'), new File(['\n'], 'empty.csv'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect((await within(dialog).findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      'The file has no lines to import. Nothing was marked shipped.',
    );
  });

  it('the print page renders every item of every batch with its declared value, one sheet per batch', async () => {
    fakeApi({
      'GET admin/me': () => meAs('support'),
      'GET admin/shipments/packing-list': (_p, url) =>
        packingList((url.searchParams.get('ids') ?? '').split(',').map(Number)),
    });
    await renderConsole('/shipments/print?ids=9,10');
    const sheets = await screen.findAllByTestId('packing-sheet');
    expect(sheets).toHaveLength(2);
    for (const [i, sheet] of sheets.entries()) {
      expect(
        within(sheet).getByRole('heading', { name: `Packing list — batch #${[9, 10][i]}` }),
      ).toBeTruthy();
      const items = within(sheet).getAllByTestId('packing-item');
      expect(items.map((r) => r.textContent)).toEqual([
        expect.stringMatching(/Blaze Dragon.*SV-001.*cards.*¥1,000$/),
        expect.stringMatching(/Graded Sprout.*PSA-9.*PSA.*¥300$/),
      ]);
      expect(within(sheet).getByText('Trading card')).toBeTruthy();
      expect(within(sheet).getByText('Graded trading card (PSA)')).toBeTruthy();
      expect(within(sheet).getByTestId('customs-total').textContent).toBe('1,300');
      expect(within(sheet).getByText(/United States \(US\)/)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('marks one batch shipped with its carrier and tracking code', async () => {
    const api = fakeApi({
      'GET admin/me': () => meAs('support'),
      'GET admin/shipments': list,
      'POST admin/shipments/9/ship': (p) => ({
        result: '1',
        shipment: { id: 9, user_id: 49, items: 2, delivery_code: p?.delivery_code, carrier: p?.carrier },
      }),
    });
    await renderConsole('/shipments');
    const user = userEvent.setup();
    const row = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('#9'))!;
    await user.click(within(row).getByRole('button', { name: 'Mark shipped' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Tracking code'), 'EJ123456789JP');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy(); // the carrier
    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'Japan Post (EMS / ePacket)');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(
      await screen.findByText('Batch #9 marked shipped (2 items, tracking code EJ123456789JP).'),
    ).toBeTruthy();
    expect(posts(api)).toHaveLength(1);
    expect(posts(api)[0]!.payload).toEqual({ delivery_code: 'EJ123456789JP', carrier: 'japan_post' });
  });

  it('corrects a shipped batch’s tracking code, the carrier and code filled in', async () => {
    const shipped = shipment(11, {
      status: 'shipped',
      carrier: 'yamato',
      delivery_code: '4412-3456-7890',
      shipped_at: '2026-03-02T00:00:00.000Z',
    });
    const api = fakeApi({
      'GET admin/me': () => meAs('support'),
      'GET admin/shipments': () => ({ list: [shipped], page: 1, all_page: 1, per_page: 50, total: 1 }),
      'POST admin/shipments/11/tracking': () => ({ id: 11 }),
    });
    await renderConsole('/shipments');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Correct the tracking code of batch #11' }));
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByLabelText('Tracking code') as HTMLInputElement;
    expect(code.value).toBe('4412-3456-7890');
    await user.clear(code);
    await user.type(code, '4412-3456-7891');
    await user.click(within(dialog).getByRole('button', { name: 'Save the correction' }));
    expect(await screen.findByText('Batch #11: tracking code 4412-3456-7891 saved.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.payload)).toEqual([
      { delivery_code: '4412-3456-7891', carrier: 'yamato' },
    ]);
  });
});

describe('a viewer', () => {
  it('sees the shipments, the print page and the payments with no enabled write button', async () => {
    const pending = paymentRow({ id: 8, method: 'bank', status: 'pending', settled_at: null });
    fakeApi({
      'GET admin/me': () => meAs('viewer'),
      'GET admin/shipments': list,
      'GET admin/shipments/packing-list': () => packingList([9]),
      'GET admin/payments': () => ({
        list: [paymentRow(), pending],
        page: 1,
        all_page: 1,
        per_page: 50,
        total: 2,
        pii: false,
      }),
      'GET admin/payments/5': () => paymentDetail({ pii: false }),
      'GET admin/payments/8': () =>
        paymentDetail({
          payment: { ...pending, point_price_id: 3, pack_id: null, combini_code: null },
          credit: null,
          refund_options: null,
          pii: false,
        }),
    });
    const pages = [
      { path: '/shipments', ready: 'Member 10' },
      { path: '/shipments/print?ids=9', ready: 'Packing list — batch #9' },
      { path: '/payments/5', ready: 'Payment #5' },
      { path: '/payments/8', ready: 'Payment #8' },
    ];
    for (const { path, ready } of pages) {
      const view = await renderConsole(path);
      await screen.findAllByText(ready);
      expect(enabledWriteButtons(), path).toEqual([]);
      view.unmount();
    }
    // the list: its filters read, and the masked note says why the emails are hidden
    await renderConsole('/payments');
    expect(await screen.findByText(/Your role does not see personal data/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Refund|Match/ })).toBeNull();
  });
});
