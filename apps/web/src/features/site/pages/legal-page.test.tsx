import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { SiteInfo } from '@gacha/contract/site';
import type { UserDetail } from '@gacha/contract/user';
import { fakeApi } from '../../../test/fake-api.ts';
import { Landing, loadI18n, renderAt } from '../../../test/render.tsx';
import { LEGAL_PAGES } from '../legal-pages.ts';
import { ContactPage } from './contact-page.tsx';
import { LegalPage } from './legal-page.tsx';

/**
 * The legal and information pages (spec §2) rendered from src/content in both languages: the seller's details from
 * GET /user/site_info in place of every {{placeholder}}, no raw key, headings with their ids (a #article-3 link
 * lands on Article 3), links that stay in the shop; and the contact page.
 */

const info: Record<'en' | 'ja', SiteInfo> = {
  en: {
    seller_name: 'Gacha Gems Co., Ltd.',
    seller_representative: 'Hanako Yamada',
    seller_address: '1-2-3 Shibuya, Tokyo',
    seller_email: 'support@gacha.example',
    seller_phone_note: 'Disclosed without delay on request',
    support_hours: 'Weekdays 10:00–17:00 (Japan time)',
  },
  ja: {
    seller_name: '株式会社ガチャジェム',
    seller_representative: '山田花子',
    seller_address: '東京都渋谷区1-2-3',
    seller_email: 'support@gacha.example',
    seller_phone_note: 'ご請求があれば遅滞なく開示いたします',
    support_hours: '平日 10:00〜17:00（日本時間）',
  },
};

const detail: UserDetail = {
  id: 1234,
  lastName: 'Yamada',
  middleName: '',
  firstName: 'Taro',
  tel: '',
  mail: 'taro@example.com',
  zipcode: '',
  country: '',
  pref_id: null,
  shiku: '',
  address: '',
  building: '',
  country_id: null,
  country_name: '',
  availablePoint: 0,
  remaining_point: 50_001,
  end_sms: '0',
  has_password: '1',
  referral_code: 'ABCD1234',
  rank: 1,
  rank_name: 'White',
  rank_coin: 0,
  rank_max_price: 50_000,
  rank_current_price: 0,
  is_rank_maintained: false,
  next_month_name: 'White',
  next_month: 1,
};

function shop(lang: 'en' | 'ja', loggedIn = false) {
  return fakeApi({
    'GET user/site_info': info[lang],
    'GET user/point': {
      is_login: loggedIn ? '1' : '0',
      point: 0,
      coin: 0,
      coin_tenths: 0,
      rank: 1,
      rank_name: 'White',
      lang,
    },
    'GET user/detail': detail,
  });
}

const routes: Record<string, React.ReactNode> = {
  ...Object.fromEntries(LEGAL_PAGES.map((p) => [p.path, <LegalPage key={p.path} />])),
  '/contact': <Landing name="contact" />,
  '/buy-point': <Landing name="buy-point" />,
};

/** Text nodes that read like an i18n key ('contact.title', 'pages.userGuide'). */
function rawKeys(root: HTMLElement): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (/^[a-z]+(?:[.:][A-Za-z0-9]+)+$/.test(text)) found.push(text);
  }
  return found;
}

beforeAll(() => loadI18n('en'));
afterAll(() => i18next.changeLanguage('en'));

describe.each(['en', 'ja'] as const)('the legal pages in %s', (lang) => {
  beforeAll(() => i18next.changeLanguage(lang));

  it.each(LEGAL_PAGES.map((p) => [p.path, p.doc] as const))(
    '%s: the page, its seller details filled in, no raw placeholder or key',
    async (path) => {
      shop(lang);
      const { container } = renderAt(path, routes);
      const title = await screen.findByRole('heading', { level: 1 });
      expect(title.id).toBe('title');
      const text = container.textContent ?? '';
      expect(text).not.toMatch(/\{\{|\}\}|\{#/);
      expect(rawKeys(container)).toEqual([]);
      // every heading has its id
      for (const h of container.querySelectorAll('h1, h2, h3, h4')) {
        if (h.closest('nav')) continue;
        expect(h.id, h.textContent ?? '').toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
      // the other pages are a link away, by their titles
      const related = within(screen.getByRole('navigation'));
      expect(related.getAllByRole('link').length).toBe(LEGAL_PAGES.length);
    },
  );

  it('the Act on Specified Commercial Transactions names the seller from the site info', async () => {
    shop(lang);
    renderAt('/specific-commerce', routes);
    await screen.findByRole('heading', { level: 1 });
    for (const value of [
      info[lang].seller_name,
      info[lang].seller_representative,
      info[lang].seller_address,
      info[lang].seller_email,
      info[lang].seller_phone_note,
    ]) {
      expect(screen.getByText(value)).toBeTruthy();
    }
    expect(document.body.textContent).toContain(info[lang].support_hours);
  });
});

describe('the terms of service', () => {
  beforeAll(() => i18next.changeLanguage('en'));

  it('has the 24 articles with their ids, and /terms-of-service#article-3 lands on Article 3', async () => {
    shop('en');
    const { container } = renderAt('/terms-of-service#article-3', routes);
    const article3 = await screen.findByRole('heading', { name: 'Article 3 (Registration)' });
    expect(article3.id).toBe('article-3');
    expect(container.querySelectorAll('h2[id^="article-"]')).toHaveLength(24);
    await waitFor(() => expect(document.activeElement).toBe(article3));
  });

  it('its links stay in the shop: the contact form is /contact', async () => {
    shop('en');
    const user = userEvent.setup();
    renderAt('/terms-of-service', routes);
    await screen.findByRole('heading', { level: 1 });
    const contact = screen.getAllByRole('link', { name: 'contact form' })[0]!;
    expect(contact.getAttribute('href')).toBe('/contact');
    await user.click(contact);
    expect((await screen.findByTestId('landing')).textContent).toContain('contact');
  });

  it('follows the language switch', async () => {
    shop('en');
    renderAt('/terms-of-service', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    await i18next.changeLanguage('ja');
    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeTruthy();
    await i18next.changeLanguage('en');
  });
});

describe('the contact page', () => {
  beforeAll(() => i18next.changeLanguage('en'));

  it('gives the support address as a mail link with the member number, the hours, and what to include', async () => {
    shop('en', true);
    renderAt('/contact', { '/contact': <ContactPage /> });
    // the member's number arrives with GET /user/detail, after the shop's address: wait for it before the link
    expect(await screen.findByText('(yours: 1234)')).toBeTruthy();
    const address = await screen.findByRole('link', { name: 'support@gacha.example' });
    const href = address.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:support@gacha.example?')).toBe(true);
    expect(decodeURIComponent(href)).toContain('Member number: 1234');
    expect(screen.getByText('Weekdays 10:00–17:00 (Japan time)')).toBeTruthy();
    expect(screen.getByText('The purchase concerned:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'User guide' }).getAttribute('href')).toBe('/user-guide');
    expect(screen.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe(
      '/terms-of-service',
    );
  });
});
