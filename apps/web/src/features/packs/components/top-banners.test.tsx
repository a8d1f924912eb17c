import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { Banners } from '@gacha/contract/site';
import { deferred, fakeApi } from '../../../test/fake-api.ts';
import { loadI18n, renderAt } from '../../../test/render.tsx';
import { AlertBanners } from './alert-banners.tsx';
import { BannerCarousel } from './banner-carousel.tsx';
import { BannerStatic } from './banner-slide.tsx';

/**
 * The Top carousel and the notices above the tabs from GET /user/banners: what the server says is
 * live, in the member's language; a place held while the answer is on its way; nothing when the call fails.
 */

const banners: Banners = {
  top: [
    {
      id: 3,
      image_url: '/banners/banner1-alt-pc.svg',
      sp_image_url: '/banners/banner1-alt-sp.svg',
      link_url: '/buy-point',
      tone: 'pink',
      title: '10% off gems — this weekend only',
      text: 'Every gem price is 10% off.',
      cta: 'Buy gems',
    },
    {
      id: 2,
      image_url: '/banners/banner2-pc.svg',
      sp_image_url: '/banners/banner2-sp.svg',
      link_url: '',
      tone: 'gold',
      title: 'Ship it, or take gems back',
      text: 'Choose for every card you win.',
      cta: '',
    },
  ],
  alerts: [
    {
      id: 4,
      tone: 'info',
      title: 'Exchange rate notice',
      text: 'The rate is updated on the 1st.\n1 gem is always ¥1.',
    },
    { id: 5, tone: 'warn', title: 'Customs declaration', text: 'Duties are paid by the <b>recipient</b>.' },
  ],
};

const top = () => ({
  '/': (
    <>
      <BannerCarousel />
      <AlertBanners />
    </>
  ),
});

/** The carousel's slides (role group), hidden ones included. */
const slides = () => screen.getAllByRole('group', { hidden: true });

beforeAll(() => loadI18n('en'));
afterAll(() => i18next.changeLanguage('en'));

describe('the Top carousel', () => {
  it("shows the API's banners in its order: a linked one as a link, one without link_url without", async () => {
    fakeApi({ 'GET user/banners': banners });
    renderAt('/', top());
    await waitFor(() => expect(slides()).toHaveLength(2));
    const [first, second] = slides();
    const link = within(first!).getByRole('link', { hidden: true });
    expect(link.getAttribute('href')).toBe('/buy-point');
    expect(link.textContent).toContain('10% off gems — this weekend only');
    expect(link.textContent).toContain('Buy gems');
    const img = first!.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/banners/banner1-alt-pc.svg');
    // the WebP widths the build draws beside each static banner (lib/art-image.ts), the phone's from its own picture
    expect(img.getAttribute('srcset')).toContain('/banners/banner1-alt-pc-1280.webp 1280w');
    const phone = first!.querySelector('source')!;
    expect(phone.getAttribute('media')).toBe('(max-width: 768px)');
    expect(phone.getAttribute('srcset')).toContain('/banners/banner1-alt-sp-640.webp 640w');
    expect(phone.getAttribute('sizes')).toBeTruthy();
    expect(img.getAttribute('loading')).toBe('eager');

    expect(within(second!).queryByRole('link', { hidden: true })).toBeNull();
    expect(second!.textContent).toContain('Ship it, or take gems back');
    expect(second!.textContent).toContain('Choose for every card you win.');
    expect(second!.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    // the controls: a dot per banner and the pause button
    expect(screen.getAllByRole('button', { name: /^Show banner \d$/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Pause rotation' })).toBeTruthy();
  });

  it('holds the place with an empty slide while the answer is on its way', async () => {
    const answer = deferred<object>();
    fakeApi({ 'GET user/banners': () => answer.promise });
    const { container } = renderAt('/', { '/': <BannerStatic /> });
    const section = container.querySelector('section')!;
    expect(section.getAttribute('aria-hidden')).toBe('true');
    expect(section.querySelector('picture')).toBeNull();
    expect(section.querySelectorAll('[class*=slide]')).toHaveLength(1);
    await act(async () => answer.resolve(banners));
    // the first banner in place, one dot per banner
    await waitFor(() =>
      expect(section.querySelector('img')?.getAttribute('src')).toBe(banners.top[0]!.image_url),
    );
    expect(section.textContent).toContain('10% off gems — this weekend only');
    expect(section.querySelectorAll('span[class*=dot]')).toHaveLength(2);
  });

  it('asks again in the other language after a switch', async () => {
    const ja = {
      ...banners,
      top: [{ ...banners.top[0]!, title: 'ジェム10%OFF 週末限定', cta: 'ジェムを購入' }],
    };
    let n = 0;
    const api = fakeApi({ 'GET user/banners': () => (++n === 1 ? banners : ja) });
    renderAt('/', top());
    await waitFor(() => expect(slides()).toHaveLength(2));
    await act(() => i18next.changeLanguage('ja'));
    await waitFor(() => expect(slides()).toHaveLength(1));
    expect(slides()[0]!.textContent).toContain('ジェム10%OFF 週末限定');
    expect(api.callsTo('GET user/banners')).toHaveLength(2);
    await act(() => i18next.changeLanguage('en'));
  });
});

describe('the notices above the tabs', () => {
  it('show their titles collapsed, and their text as paragraphs of plain text when opened', async () => {
    fakeApi({ 'GET user/banners': banners });
    renderAt('/', top());
    const rate = await screen.findByRole('button', { name: /Exchange rate notice/ });
    const customs = screen.getByRole('button', { name: /Customs declaration/ });
    expect(rate.getAttribute('aria-expanded')).toBe('false');
    expect(rate.textContent).toContain('i');
    expect(customs.textContent).toContain('!');
    const body = document.getElementById(rate.getAttribute('aria-controls')!)!;
    expect(body.hidden).toBe(true);
    act(() => rate.click());
    expect(body.hidden).toBe(false);
    expect([...body.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'The rate is updated on the 1st.',
      '1 gem is always ¥1.',
    ]);
    act(() => customs.click());
    const customsBody = document.getElementById(customs.getAttribute('aria-controls')!)!;
    expect(customsBody.querySelector('b')).toBeNull();
    expect(customsBody.textContent).toBe('Duties are paid by the <b>recipient</b>.');
  });

  it('hold their place while the answer is on its way', async () => {
    const answer = deferred<object>();
    fakeApi({ 'GET user/banners': () => answer.promise });
    const { container } = renderAt('/', { '/': <AlertBanners /> });
    expect(container.querySelector('[aria-hidden=true]')).not.toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    await act(async () => answer.resolve(banners));
    expect(await screen.findAllByRole('button')).toHaveLength(2);
  });
});

describe('a failed call', () => {
  it.each([
    ['a refusal', { state: 404, message: 'not found' }],
    ['an answer that does not fit', { top: 'nope' }],
  ])('shows no banner and no notice (%s), and no error', async (_what, answer) => {
    const api = fakeApi({ 'GET user/banners': answer });
    const { container } = renderAt('/', top());
    await waitFor(() => expect(api.callsTo('GET user/banners').length).toBeGreaterThan(0));
    await waitFor(() => expect(container.innerHTML).toBe(''), { timeout: 3000 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows none when nothing is live', async () => {
    fakeApi({ 'GET user/banners': { top: [], alerts: [] } });
    const { container } = renderAt('/', top());
    await waitFor(() => expect(container.innerHTML).toBe(''));
  });
});
