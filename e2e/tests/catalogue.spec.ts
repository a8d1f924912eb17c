import { expect, test } from '@playwright/test';
import { seriousViolations, signInAndEnrol, staffScript, uniqueSuffix } from './staff.ts';

/**
 * Journey (the console for a real catalogue): an owner adds a card type, imports 50 cards by CSV (a
 * bad line refused by the check, nothing written), builds a pack with the searchable card picker, publishes it,
 * and a member on a phone finds it under the new type's tab on Top, in Japanese too.
 */
const unique = uniqueSuffix();
const typeId = 700_000 + Math.floor(Math.random() * 99_999);

function jstInput(offsetMs: number): string {
  return new Date(Date.now() + offsetMs + 9 * 3600_000).toISOString().slice(0, 16);
}

const HEADER =
  'id,card_type_id,name_en,name_ja,model_number,rarity,rarity_label,conversion_value,ship_only,customs_category';
const cardLine = (i: number, rarity = (i % 7) + 1) =>
  `,${typeId},Catalogue ${unique} ${i},カタログ${unique} ${i},CAT-${unique}-${i},${rarity},R${rarity},${i * 10},0,cards`;

test('an owner adds a card type, imports cards by CSV, builds and publishes a pack; a member finds it under the new tab', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = { email: `cat-owner-${unique}@shop.example`, password: `cat-owner-pass-${unique}` };
  await staffScript('create', '--email', owner.email, '--role', 'owner', '--password', owner.password);
  await signInAndEnrol(page, owner.email, owner.password);

  // --- a card type: a tab on Top ---
  const typeName = `Digimon ${unique}`;
  await page.goto('/admin/card-types');
  await page.getByRole('button', { name: 'New card type' }).click();
  const form = page.getByRole('dialog', { name: 'New card type' });
  await form.getByLabel('Tab number').fill(String(typeId));
  await form.getByLabel('Name (English)').fill(typeName);
  await form.getByLabel('Name (Japanese)').fill(`デジモン${unique}`);
  // after the shop's own tabs: the other journeys find Top opening on Pokémon as before
  await form.getByLabel('Sort order').fill('90');
  await expect(form.getByLabel('Tab on Top')).toBeChecked();
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Card type ${typeId} created.`)).toBeVisible();

  // --- 50 cards by CSV: the check refuses a bad line and writes nothing; the fixed file goes in whole ---
  await page.goto('/admin/cards');
  await page.getByRole('button', { name: 'Import cards (CSV)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import cards from a CSV file' });
  const lines = Array.from({ length: 50 }, (_, i) => cardLine(i + 1));
  const bad = [...lines.slice(0, 49), cardLine(50, 9)];
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'cards.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, ...bad].join('\n')),
  });
  await dialog.getByRole('button', { name: 'Check only' }).click();
  await expect(dialog.getByRole('alert')).toContainText('1 line refused');
  await expect(dialog.getByRole('row').filter({ hasText: 'Enter a whole number from 1 to 7.' })).toHaveCount(
    1,
  );
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'cards.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, ...lines].join('\n')),
  });
  await dialog.getByRole('button', { name: 'Check only' }).click();
  await expect(dialog.getByRole('status')).toContainText('50 cards would be added');
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'cards.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, ...lines].join('\n')),
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('Imported: 50 cards added, 0 changed.');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  // found on the server by model number
  await page.getByLabel('Name, model number or #id').fill(`CAT-${unique}-7`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 found', { exact: true })).toBeVisible();

  // --- a pack of the new type: 3 lots, prizes found by the picker ---
  const packName = `Catalogue Pack ${unique}`;
  await page.goto('/admin/packs/new');
  await page.getByLabel('Name (English)').fill(packName);
  await page.getByLabel('Name (Japanese)').fill(`カタログパック${unique}`);
  await page.getByLabel('Card type (Top tab)').selectOption({ label: typeName });
  await page.getByLabel('Price per play').fill('100');
  await page.getByLabel('Lots (plays in the pack)').fill('3');
  await page.getByLabel('Sale starts (JST)').fill(jstInput(-3600_000));
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText(/^Draft #\d+ created/)).toBeVisible();
  const pick = async (n: number, text: string, name: string) => {
    await page.getByRole('searchbox', { name: `Prize ${n}: Find a card` }).fill(text);
    const select = page.getByRole('combobox', { name: `Prize ${n}: Card` });
    const option = select.locator('option', { hasText: name });
    await expect(option).toHaveCount(1);
    await select.selectOption((await option.getAttribute('value'))!);
  };
  await pick(1, `CAT-${unique}-42`, `Catalogue ${unique} 42`);
  await page.getByRole('spinbutton', { name: 'Prize 1: Quantity' }).fill('3');
  await page.getByRole('button', { name: 'Save prizes' }).click();
  await expect(page.getByText('Prizes saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish…' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish this pack?' });
  await publish.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/^Published\. Commitment [0-9a-f]{64}$/)).toBeVisible();

  // --- the packs list: found on the server by type, state and name, sorted, kept in the address, as CSV ---
  await page.goto('/admin/packs');
  const filters = page.getByRole('search');
  await filters.getByLabel('Card type').selectOption({ label: typeName });
  await filters.getByLabel('State').selectOption({ label: 'On sale' });
  await expect(page.getByRole('link', { name: packName })).toBeVisible();
  await expect(filters.getByText('1 found', { exact: true })).toBeVisible();
  await filters.getByLabel('State').selectOption({ label: 'Draft' });
  await expect(page.getByText('No packs.')).toBeVisible();
  await filters.getByLabel('State').selectOption({ label: 'All' });
  await filters.getByLabel('Card type').selectOption({ label: 'All types' });
  await filters.getByLabel('A name or #id').fill(`catalogue pack ${unique}`);
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=catalogue`));
  await page.getByRole('button', { name: /^Price per play/ }).click();
  await expect(page).toHaveURL(/sort=price&dir=asc/);
  await expect(page.getByRole('columnheader', { name: /Price per play/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await page.reload();
  await expect(page.getByRole('link', { name: packName })).toBeVisible();
  await expect(filters.getByLabel('A name or #id')).toHaveValue(`catalogue pack ${unique}`);
  const download = page.waitForEvent('download');
  await filters.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await (await download).createReadStream();
  let text = '';
  for await (const chunk of csv) text += String(chunk);
  const csvLines = text
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  expect(csvLines[0]).toMatch(/^id,name_en,name_ja,state,/);
  expect(csvLines).toHaveLength(2);
  expect(csvLines[1]).toContain(`${packName},カタログパック${unique},on_sale`);
  expect(await seriousViolations(page, 'packs, en, 1280 px')).toEqual([]);
  // at phone width in Japanese, the same list: its filters, the table scrolling inside its frame
  await page.getByRole('button', { name: '日本語' }).click();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('link', { name: `カタログパック${unique}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('packs-list-375-ja.png'), fullPage: true });
  expect(await seriousViolations(page, 'packs, ja, 375 px')).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'English' }).click();

  // --- a member on a phone finds it under the new tab, in English and in Japanese ---
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const shop = await phone.newPage();
  await shop.goto('/?tab=-2');
  await shop.getByRole('tab', { name: typeName }).click();
  await expect(shop).toHaveURL(new RegExp(`tab=${typeId}`));
  await expect(shop.getByRole('heading', { name: packName })).toBeVisible({ timeout: 15_000 });
  await shop.getByRole('button', { name: '日本語' }).first().click();
  await expect(shop.getByRole('tab', { name: `デジモン${unique}` })).toHaveAttribute('aria-selected', 'true');
  await expect(shop.getByRole('heading', { name: `カタログパック${unique}` })).toBeVisible({
    timeout: 15_000,
  });
  await phone.close();
});
