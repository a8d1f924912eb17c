import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, meAs } from '../test/fake-api.ts';
import { renderConsole } from '../test/render.tsx';
import { cardTypes } from '../test/card-type-fixture.ts';
import { enabledWriteButtons } from '../test/write-buttons.ts';
import { adminPack } from '../test/pack-fixture.ts';

/**
 * A role sees a write control only with the write permission (/me's `permissions`): a viewer, who reads the
 * catalogue and the shipments, can press no button that writes, on any of their pages; an owner can.
 */

const pack = (status: 'draft' | 'published') =>
  adminPack({
    id: 7,
    name_en: 'Gated Pack',
    name_ja: 'ゲートパック',
    status,
    total_pack_count: 5,
    sold_count: 1,
    detail_en: '<p>Hi</p>',
    movie_style: 0,
    commitment: status === 'published' ? 'abc' : null,
  });
const detail = (status: 'draft' | 'published') => ({
  pack: pack(status),
  prizes: [
    {
      id: 1,
      card_id: 3,
      name_en: 'Card',
      rarity: 7,
      quantity: 5,
      buy_point: 10,
      num: 1,
      ship_only: 0,
      is_last_one: 0,
      sold: 1,
    },
  ],
});
const card = {
  id: 3,
  card_type_id: 2,
  name_en: 'Card',
  name_ja: 'カード',
  model_number: 'X-1',
  rarity: 7,
  rarity_label: 'UR',
  image_url: '/media/x.webp',
  conversion_value: 10,
  ship_only: 0,
  customs_category: 'cards',
};
const shipment = {
  id: 9,
  user_id: 4,
  status: 'open',
  delivery_code: null,
  created_at: '2026-01-02T00:00:00.000Z',
  shipped_at: null,
  item_count: 1,
  // what the operations part adds to a batch (extra fields are stripped by an older schema)
  carrier: null,
  age_days: 1,
  due_at: '2026-01-16T00:00:00.000Z',
  overdue: false,
  declared_total_yen: 10,
  address: {
    name: 'Ann',
    country_id: 840,
    country_en: 'United States',
    country_ja: 'アメリカ合衆国',
    zipcode: '10001',
    state: 'NY',
    city: 'NYC',
    address: '1 Main St',
    building: '',
    tel: '555',
  },
  items: [
    {
      history_id: 1,
      exchange_id: null,
      card_id: 3,
      name: 'Card',
      model_number: 'X-1',
      status: 'ship',
      customs_category: 'cards',
      value_yen: 10,
      declared_value_yen: 10,
    },
  ],
};

function api(role: 'owner' | 'viewer', status: 'draft' | 'published') {
  return fakeApi({
    'GET admin/me': () => meAs(role),
    'GET admin/packs': () => ({ list: [pack(status)], page: 1, all_page: 1, per_page: 50, total: 1 }),
    'GET admin/packs/7': () => detail(status),
    'GET admin/cards': () => ({ list: [card], page: 1, all_page: 1, per_page: 50, total: 1 }),
    'GET admin/card-types': () => cardTypes(),
    'GET admin/shipments': () => ({ list: [shipment], page: 1, all_page: 1, per_page: 50, total: 1 }),
  });
}

const PAGES = [
  { path: '/packs', ready: 'Gated Pack' },
  { path: '/packs/7', ready: 'Pack #7 · Gated Pack' },
  { path: '/cards', ready: 'Card' },
  { path: '/shipments', ready: 'X-1', exact: true },
];

afterEach(() => {
  document.body.innerHTML = '';
});

describe('permission gating', () => {
  for (const status of ['draft', 'published'] as const) {
    it(`a viewer can press no write button (pack ${status})`, async () => {
      api('viewer', status);
      for (const { path, ready, exact } of PAGES) {
        const view = await renderConsole(path);
        await screen.findAllByText(ready, { exact: exact ?? false });
        expect(enabledWriteButtons(), path).toEqual([]);
        expect(screen.queryByRole('link', { name: /New (pack|card)/ }), path).toBeNull();
        // every form control of a form the viewer sees is disabled (a search form only reads)
        const writing = 'form:not([role=search])';
        for (const el of Array.from(
          document.querySelectorAll(`${writing} input, ${writing} select, ${writing} textarea`),
        ))
          expect((el as HTMLInputElement).matches(':disabled'), `${path} ${el.getAttribute('name')}`).toBe(
            true,
          );
        view.unmount();
      }
      // the audit log is not theirs: no nav item, and the page says so
      await renderConsole('/audit');
      expect(await screen.findByText('Your role does not allow this section.')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
    });
  }

  it('an owner has the write buttons on the same pages', async () => {
    api('owner', 'draft');
    const found: string[] = [];
    for (const { path, ready, exact } of PAGES) {
      const view = await renderConsole(path);
      await screen.findAllByText(ready, { exact: exact ?? false });
      await waitFor(() =>
        expect(
          enabledWriteButtons().length + screen.queryAllByRole('link', { name: /New/ }).length,
        ).toBeGreaterThan(0),
      );
      found.push(
        ...enabledWriteButtons(),
        ...screen.queryAllByRole('link', { name: /New/ }).map((l) => l.textContent ?? ''),
      );
      view.unmount();
    }
    expect(found).toEqual(
      expect.arrayContaining(['New pack', 'Publish…', 'Save prizes', 'Save', 'New card', 'Mark shipped']),
    );
  });
});
