import { expect, test, type Browser, type Page } from '@playwright/test';
import { appReady, hydrationErrors, logIn } from './journeys.ts';
import { serverScript } from './staff.ts';

/**
 * A release through its room (docs/fairness.md § 10): two members on phones, one in English and one in Japanese,
 * join before the start; at the start their order is drawn; the place of the second counts down as the first is
 * admitted; the first buys the only lot; the second is told at once that it sold out.
 */

const TEXT = {
  en: {
    inRoom: /You are in the room/,
    buy: 'BUY',
    soon: 'Coming soon',
    confirm: 'Confirm your purchase',
    yes: 'Yes, buy',
    turn: /It's your turn/,
    soldOut: 'Sold out — every lot has been drawn.',
  },
  ja: {
    inRoom: /待機室に入室しました/,
    buy: '購入する',
    soon: '近日販売',
    confirm: '購入内容の確認',
    yes: '購入する',
    turn: /あなたの番です/,
    soldOut: '完売しました。すべての口が引かれました。',
  },
} as const;
type Lang = keyof typeof TEXT;

interface Member {
  lang: Lang;
  page: Page;
  /** the hydration mismatches the page has logged so far */
  mismatches: () => string[];
}

async function memberOnPack(browser: Browser, mail: string, lang: Lang, packId: number): Promise<Member> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    locale: lang === 'ja' ? 'ja-JP' : 'en-US',
  });
  const page = await context.newPage();
  await logIn(page, mail, 'demo1234');
  if (lang === 'ja') await page.getByRole('button', { name: '日本語' }).first().click();
  const mismatches = hydrationErrors(page);
  await page.goto(`/pack-detail?packId=${packId}`);
  await appReady(page);
  return { lang, page, mismatches };
}

test('two members in a release room at phone width, in English and Japanese: one admitted buys, the other is told it sold out', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // one lot, on sale 45 s from now, its room open already; a place admitted every 20 s
  const { pack_id: packId } = (await serverScript(
    'rooms',
    'rehearse',
    '--starts-in',
    '45',
    '--lots',
    '1',
    '--rate',
    '3',
    '--pass-seconds',
    '120',
  )) as { pack_id: number };

  const members = [
    await memberOnPack(browser, 'demo@example.com', 'en', packId),
    await memberOnPack(browser, 'silver@example.com', 'ja', packId),
  ];
  // each page joins the room by itself; before the start nobody can buy
  for (const { page, lang, mismatches } of members) {
    const panel = page.getByTestId('release-room');
    await expect(panel.getByText(TEXT[lang].inRoom).first()).toBeVisible({ timeout: 15_000 });
    // the served pack page was taken over with its room panel without a mismatch
    expect(mismatches(), lang).toEqual([]);
    // and the screen reader is told so in its live region
    await expect(page.getByTestId('room-news')).toHaveText(TEXT[lang].inRoom);
    await expect(page.getByRole('button', { name: TEXT[lang].soon, exact: true })).toBeDisabled();
  }
  await members[0]!.page.screenshot({
    path: test.info().outputPath('room-before-en-375.png'),
    fullPage: true,
  });

  // the start: both get their drawn place, pushed
  const places = await Promise.all(
    members.map(async ({ page }) => {
      const place = page.getByTestId('room-place');
      await expect(place).toHaveText(/^[12]/, { timeout: 60_000 });
      return Number(/^(\d+)/.exec((await place.textContent())!)![1]);
    }),
  );
  expect([...places].sort()).toEqual([1, 2]);
  const admittedFirst = members[places.indexOf(1)]!;
  const second = members[places.indexOf(2)]!;

  // the second's place counts down: one ahead, then none once the first is admitted
  await expect(second.page.getByTestId('room-ahead')).toHaveText(/^1/);
  await second.page.screenshot({
    path: test.info().outputPath(`room-waiting-${second.lang}-375.png`),
    fullPage: true,
  });
  await expect(admittedFirst.page.getByTestId('room-turn')).toContainText(TEXT[admittedFirst.lang].turn, {
    timeout: 40_000,
  });
  await expect(second.page.getByTestId('room-ahead')).toHaveText(/^0/, { timeout: 5_000 });
  await admittedFirst.page.screenshot({
    path: test.info().outputPath(`room-turn-${admittedFirst.lang}-375.png`),
    fullPage: true,
  });

  // the first buys the only lot
  const t = TEXT[admittedFirst.lang];
  const buy = admittedFirst.page.getByRole('button', { name: t.buy, exact: true });
  await expect(buy).toBeEnabled();
  await buy.click();
  const confirm = admittedFirst.page.getByRole('dialog', { name: t.confirm });
  await confirm.getByRole('button', { name: t.yes, exact: true }).click();
  await expect(admittedFirst.page).toHaveURL(/\/gacha-animation$/);

  // the second is told at once, without reloading
  await expect(second.page.getByTestId('room-sold-out')).toHaveText(TEXT[second.lang].soldOut, {
    timeout: 5_000,
  });
  await expect(second.page.getByTestId('remaining')).toHaveText(/^0 \//);
  await second.page.screenshot({
    path: test.info().outputPath(`room-sold-out-${second.lang}-375.png`),
    fullPage: true,
  });

  // the room closed: its public record opens the commitment and gives both places
  const record = await second.page.request.get(`/api/user/pack/room/${packId}/record`);
  const body = (await record.json()) as { revealed: boolean; entries: { mine: boolean; place: number }[] };
  expect(body.revealed).toBe(true);
  expect(body.entries.map((e) => e.place)).toEqual([1, 2]);
  expect(body.entries.filter((e) => e.mine)).toHaveLength(1);
});
