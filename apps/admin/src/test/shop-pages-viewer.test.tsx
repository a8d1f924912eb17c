import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, meAs, type ROLE_PERMISSIONS } from './fake-api.ts';
import { renderConsole } from './render.tsx';
import { cardTypes } from './card-type-fixture.ts';

/** One of everything, so each page has rows whose write controls would show. */
const BANNER = {
  id: 7,
  kind: 'top',
  slot: 1,
  sort: 1,
  image_url: '/banners/banner1-pc.svg',
  sp_image_url: '',
  link_url: '/?tab=2',
  tone: 'violet',
  title_en: 'Winter packs',
  title_ja: '冬のパック',
  text_en: '',
  text_ja: '',
  cta_en: 'See',
  cta_ja: '見る',
  starts_at: null,
  ends_at: null,
  enabled: 1,
  live: true,
};

const WINTER = {
  id: 5,
  code: 'WINTER',
  kind: 'gems',
  gems: 150,
  starts_at: '2026-11-01T00:00:00.000Z',
  ends_at: '2099-12-01T00:00:00.000Z',
  max_uses: 10,
  used_count: 1,
  note: '',
  disabled_at: null,
  point_price_ids: [],
  created_at: '2026-10-01T00:00:00.000Z',
};

const DATA = {
  'GET admin/card-types': () => cardTypes({ cards: 10, packs: 2 }),
  'GET admin/banners': () => ({ list: [BANNER], page: 1, all_page: 1, per_page: 50, total: 1 }),
  'GET admin/banners/7': () => ({ banner: BANNER }),
  'GET admin/point-prices': () => ({
    list: [
      {
        id: 1,
        point: 1000,
        price: 1000,
        rate: '0',
        coupon_only: 0,
        disabled: 0,
        sort: 0,
        modified: '2026-01-01T00:00:00.000Z',
        payments: 3,
      },
    ],
  }),
  'GET admin/campaigns': () => ({
    list: [
      {
        id: 3,
        percent: 10,
        starts_at: '2026-11-20T00:00:00.000Z',
        ends_at: '2026-11-21T00:00:00.000Z',
        note: 'BF',
        active: false,
      },
    ],
  }),
  'GET admin/fx': () => ({
    current: { month: '2026-11', rate: 150.5, since: '2026-11-01T03:00:00.000Z' },
    list: [{ month: '2026-11', rate: 150.5 }],
  }),
  'GET admin/exchange-cards': () => ({
    list: [
      {
        id: 4,
        card_id: 12,
        name_en: 'Pikachu',
        name_ja: 'ピカチュウ',
        rarity: 5,
        image_url: '',
        sub_coin: 50,
        stock: 3,
        member_limit: 1,
        visible_from: null,
        visible_until: null,
        sort: 0,
        exchanged: 2,
      },
    ],
    page: 1,
    all_page: 1,
    per_page: 50,
    total: 1,
  }),
  'GET admin/coupons': () => ({ list: [WINTER], page: 1, all_page: 1, per_page: 50, total: 1 }),
  'GET admin/coupons/5': () => ({ coupon: WINTER }),
  'GET admin/coupons/5/uses': () => ({
    list: [{ user_id: 8, email: 'm@example.com', name: 'Demo Taro', created_at: '2026-11-02T00:00:00.000Z' }],
    page: 1,
    all_page: 1,
    per_page: 50,
    total: 1,
  }),
  'GET admin/posts': () => ({
    list: [
      {
        id: 1,
        user_id: 8,
        name: 'Demo Taro',
        content: 'Pulled a SAR!',
        status: 'pending',
        reject_reason: null,
        created_at: '2026-11-20T01:00:00.000Z',
        decided_at: null,
        images: [],
      },
    ],
    page: 1,
    all_page: 1,
    per_page: 20,
    total: 1,
  }),
};

/** The names of controls that change something. */
const WRITES = /^(new|edit|save|create|offer|change stock|set|disable|approve|reject|add|apply|stock of)\b/i;

async function render(role: keyof typeof ROLE_PERMISSIONS, path: string) {
  fakeApi({ 'GET admin/me': () => meAs(role), ...DATA });
  await renderConsole(path);
}

function expectNoEnabledWrite() {
  const main = document.body;
  for (const button of within(main).queryAllByRole('button')) {
    const name = button.getAttribute('aria-label') ?? button.textContent ?? '';
    if (WRITES.test(name.trim())) expect(button.matches(':disabled'), `button “${name}”`).toBe(true);
  }
  for (const link of within(main).queryAllByRole('link')) expect(link.textContent ?? '').not.toMatch(/^New /);
  // a search form reads; every other form writes
  for (const form of Array.from(main.querySelectorAll('form:not([role="search"])')))
    for (const control of Array.from(form.querySelectorAll('input, select, textarea')))
      // disabled itself or by its fieldset
      expect(control.matches(':disabled'), `${(control as HTMLInputElement).name} in a form`).toBe(true);
}

describe('a viewer reads the shop settings and can change nothing', () => {
  const pages: Array<[string, string, string]> = [
    ['card types', '/card-types', 'Pokémon'],
    ['banners', '/banners', 'Winter packs'],
    ['a banner', '/banners/7', 'Desktop picture'],
    ['gem prices', '/gem-prices', '150.5'],
    ['exchange cards', '/exchange-cards', 'Pikachu'],
    ['coupons', '/coupons', 'WINTER'],
    ['a coupon', '/coupons/5', 'm@example.com'],
  ];
  for (const [what, path, shows] of pages) {
    it(`on ${what}: the data shows, no write control is enabled`, async () => {
      await render('viewer', path);
      expect((await screen.findAllByText(new RegExp(shows))).length).toBeGreaterThan(0);
      expect(screen.getAllByText('Read only: your role cannot change this.').length).toBeGreaterThan(0);
      expectNoEnabledWrite();
    });
  }

  it('on the board’s moderation: no link to it, and the section is refused (the role lacks board.moderate)', async () => {
    await render('viewer', '/board');
    expect(await screen.findByText('Your role does not allow this section.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Board moderation' })).toBeNull();
    // the shop settings it may read are in the nav
    for (const name of ['Card types', 'Banners & notices', 'Gem prices', 'Exchange cards', 'Coupons'])
      expect(screen.getByRole('link', { name })).toBeTruthy();
  });

  it('an operator has the same pages with their write controls enabled', async () => {
    await render('operator', '/exchange-cards');
    await screen.findByText('Pikachu');
    expect(screen.getByRole('button', { name: 'Offer a card' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Stock of Pikachu' })).toHaveProperty('disabled', false);
  });

  it('support moderates the board but only reads the catalogue', async () => {
    await render('support', '/board');
    expect(await screen.findByRole('button', { name: 'Approve' })).toHaveProperty('disabled', false);
  });
});
