import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { logIn } from './journeys.ts';
import { signInAndEnrol, staffScript, uniqueSuffix } from './staff.ts';

/**
 * Journey (the staff console): an owner made with scripts/staff.ts signs in at /admin with a password and
 * a TOTP code (enrolling its authenticator: the code is computed here from the key the page shows), creates two
 * cards with pictures made here and a pack with a last-one prize, publishes it after the summary, and a member
 * buys a play of it on the shop, which the pack's page in the console counts; then a viewer signs in and can press
 * no write button, and the API refuses a write it forces with its own csrf pair (403).
 */

const unique = uniqueSuffix();

async function card(color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="420"><rect width="100%" height="100%" fill="${color}"/><circle cx="150" cy="210" r="80" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A datetime-local value in Japan time, `offsetMs` from now. */
function jstInput(offsetMs: number): string {
  return new Date(Date.now() + offsetMs + 9 * 3600_000).toISOString().slice(0, 16);
}

/** A section of the console's side nav. */
const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true });

/**
 * The buttons of the page a viewer could press that write (the frame's, and a list's search, filters, sort headers
 * and pager only read).
 */
async function enabledWriteButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const reading = /^(Menu|EN|日本語|English|Sign out)$/;
    return Array.from(document.querySelectorAll('button'))
      .filter(
        (b) =>
          !b.disabled &&
          !b.closest('fieldset:disabled') &&
          !b.classList.contains('sort-button') &&
          !b.closest('form[role="search"]') &&
          !b.closest('nav'),
      )
      .map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim())
      .filter((name) => !reading.test(name));
  });
}

test('an owner publishes a pack made in the console, a member buys from it, a viewer cannot write', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = { email: `owner-${unique}@shop.example`, password: `owner-pass-${unique}` };
  const viewer = { email: `viewer-${unique}@shop.example`, password: `viewer-pass-${unique}` };
  expect(
    await staffScript('create', '--email', owner.email, '--role', 'owner', '--password', owner.password),
  ).toMatchObject({
    email: owner.email,
    role: 'owner',
  });
  await staffScript('create', '--email', viewer.email, '--role', 'viewer', '--password', viewer.password);

  // --- the owner signs in with the password and a TOTP code ---
  await signInAndEnrol(page, owner.email, owner.password);
  for (const name of ['Packs', 'Cards', 'Shipments', 'Audit log'])
    await expect(section(page, name)).toBeVisible();

  // --- two cards, each with a picture made here ---
  const cards = [
    {
      name: `Console Dragon ${unique}`,
      ja: `コンソールドラゴン${unique}`,
      rarity: '7',
      label: 'UR',
      value: '80',
      color: '#d33',
    },
    {
      name: `Console Sprout ${unique}`,
      ja: `コンソール若葉${unique}`,
      rarity: '2',
      label: 'U',
      value: '10',
      color: '#3a6',
    },
  ];
  for (const c of cards) {
    await section(page, 'Cards').click();
    await page.getByRole('link', { name: 'New card' }).click();
    await page.getByLabel('Card type').selectOption({ label: 'Pokémon' });
    await page.getByLabel('Name (English)').fill(c.name);
    await page.getByLabel('Name (Japanese)').fill(c.ja);
    await page.getByLabel('Model number').fill(`E2E-${c.rarity}`);
    await page.getByLabel('Rarity', { exact: true }).selectOption(c.rarity);
    await page.getByLabel('Rarity label').fill(c.label);
    await page.getByLabel('Conversion value (gems)').fill(c.value);
    await page
      .getByLabel('Picture')
      .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: await card(c.color) });
    await expect(page.getByRole('img', { name: 'Preview of the new picture' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/^Card #\d+ created\.$/)).toBeVisible();
    // listed with its re-encoded picture
    const row = page.getByRole('row').filter({ hasText: c.name });
    await expect(row).toContainText(`${c.rarity} · ${c.label}`);
    const thumb = row.locator('img.thumb');
    await expect(thumb).toHaveAttribute('src', /^\/media\/uploads\/cards\/.+\.webp$/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }

  // --- a pack: a draft on sale from an hour ago (JST), 3 lots at 100 gems ---
  const packName = `Console Pack ${unique}`;
  await section(page, 'Packs').click();
  await page.getByRole('link', { name: 'New pack' }).click();
  await page.getByLabel('Name (English)').fill(packName);
  await page.getByLabel('Name (Japanese)').fill(`コンソールパック${unique}`);
  await page.getByLabel('Card type (Top tab)').selectOption({ label: 'Pokémon' });
  await page.getByLabel('Price per play').fill('100');
  await page.getByLabel('Lots (plays in the pack)').fill('3');
  await page.getByLabel('Sale starts (JST)').fill(jstInput(-3600_000));
  await page
    .getByLabel('Description (English, HTML)')
    .fill('<p>Made in the <strong>console</strong><script>x()</script></p>');
  await expect(page.getByRole('region', { name: 'Preview (English)' }).locator('strong')).toHaveText(
    'console',
  );
  await expect(page.getByRole('region', { name: 'Preview (English)' }).locator('script')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText(/^Draft #\d+ created/)).toBeVisible();
  const packId = Number(/\/admin\/packs\/(\d+)$/.exec(page.url())?.[1]);
  expect(packId).toBeGreaterThan(0);

  // prizes: the dragon once, the sprout twice, and the dragon as the last-one prize
  // the picker asks the server: type part of the name, then choose what it found
  const pick = async (n: number, name: string) => {
    await page.getByRole('searchbox', { name: `Prize ${n}: Find a card` }).fill(name.slice(0, 14));
    const select = page.getByRole('combobox', { name: `Prize ${n}: Card` });
    await expect(select.locator('option', { hasText: name })).toHaveCount(1);
    const value = await select.locator('option', { hasText: name }).getAttribute('value');
    await select.selectOption(value!);
  };
  await pick(1, cards[0]!.name);
  await expect(page.getByRole('spinbutton', { name: 'Prize 1: Buy-back (gems)' })).toHaveValue('80');
  await page.getByRole('button', { name: 'Add a prize' }).click();
  await pick(2, cards[1]!.name);
  await page.getByRole('spinbutton', { name: 'Prize 2: Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Add a prize' }).click();
  await pick(3, cards[0]!.name);
  await page.getByRole('checkbox', { name: 'Prize 3: Last one' }).check();
  await expect(page.getByText('3 of 3 lots assigned')).toBeVisible();
  await page.getByRole('button', { name: 'Save prizes' }).click();
  await expect(page.getByText('Prizes saved.')).toBeVisible();

  // publish after the summary
  await page.getByRole('button', { name: 'Publish…' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish this pack?' });
  await expect(publish.getByTestId('summary-lots')).toHaveText('3');
  await expect(publish.getByTestId('summary-full-sale')).toHaveText('300 Gems');
  // conversion value: 80 + 2 × 10 + 80 (the last one) = 180 of 300
  await expect(publish.getByTestId('summary-payout')).toHaveText('60.0%');
  await expect(publish.getByText('R7: 1')).toBeVisible();
  await expect(publish.getByText('R2: 2')).toBeVisible();
  await publish.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/^Published\. Commitment [0-9a-f]{64}$/)).toBeVisible();
  await expect(page.getByText('On sale', { exact: true })).toBeVisible();
  // the price is fixed now, the end date still editable
  await expect(page.getByLabel('Price per play')).toBeDisabled();
  await expect(page.getByLabel('Sale ends (JST)')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Save prizes' })).toHaveCount(0);
  await expect(page.getByTestId('pack-sold')).toHaveText('0 / 3');

  // --- a member buys one play on the shop ---
  const shop = await browser.newPage();
  await logIn(shop);
  await shop.goto(`/pack-detail?packId=${packId}`);
  await expect(shop.getByRole('heading', { level: 1, name: packName })).toBeVisible();
  await shop.getByRole('button', { name: 'BUY', exact: true }).click();
  const confirm = shop.getByRole('dialog', { name: 'Confirm your purchase' });
  await expect(confirm.getByText('1 play')).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, buy' }).click();
  await expect(shop).toHaveURL(/\/gacha-animation$/);
  await shop.close();

  // the console's pack page counts it within seconds
  await expect(page.getByTestId('pack-sold')).toHaveText('1 / 3', { timeout: 15_000 });

  // the audit log has the owner's writes
  await section(page, 'Audit log').click();
  await page.getByLabel('Target ID').fill(String(packId));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  for (const action of ['pack.publish', 'pack.prizes', 'pack.create'])
    await expect(
      page.getByRole('row').filter({ hasText: action }).filter({ hasText: owner.email }),
    ).toHaveCount(1);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // --- a viewer: every page it may read, no write button to press ---
  await signInAndEnrol(page, viewer.email, viewer.password);
  for (const name of ['Packs', 'Cards', 'Shipments']) await expect(section(page, name)).toBeVisible();
  await expect(section(page, 'Audit log')).toHaveCount(0);
  const pages: Array<[string, () => Promise<void>]> = [
    ['/admin/packs', () => expect(page.getByRole('link', { name: packName })).toBeVisible()],
    [`/admin/packs/${packId}`, () => expect(page.getByTestId('pack-sold')).toHaveText('1 / 3')],
    ['/admin/cards', () => expect(page.getByText(cards[0]!.name)).toBeVisible()],
    ['/admin/shipments', () => expect(page.getByRole('heading', { name: 'Shipments' })).toBeVisible()],
  ];
  for (const [path, ready] of pages) {
    await page.goto(path);
    await ready();
    expect(await enabledWriteButtons(page), path).toEqual([]);
    await expect(page.getByRole('link', { name: /^New (pack|card)$/ })).toHaveCount(0);
  }
  await page.goto('/admin/audit');
  await expect(page.getByText('Your role does not allow this section.')).toBeVisible();

  // a write forced through the API with the viewer's own csrf pair is refused, and nothing changes
  const me = await page.request.get('/api/admin/me');
  const { csrf } = (await me.json()) as { csrf: { name: string; value: string } };
  const forced = await page.request.post(`/api/admin/packs/${packId}/end`, {
    form: { csrf_name: csrf.name, csrf_value: csrf.value, json: '{}' },
  });
  expect(forced.status()).toBe(403);
  expect(await forced.json()).toMatchObject({ state: 403, message: 'Your role does not allow this.' });
  const still = await (await page.request.get(`/api/admin/packs/${packId}`)).json();
  expect(still.pack.end_at).toBeNull();
});
