/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { customsCategories } from '@gacha/contract/admin';
import { CUSTOMS_DECLARED_VALUES, CUSTOMS_RULES_NOTE, customsRangeText } from '@gacha/contract/customs';

/**
 * The legal and information pages: Markdown that staff edit, one file per page and language
 * (<page>.en.md, <page>.ja.md). The page renders the headings with their explicit ids and fills the
 * {{placeholders}} from configuration, so the two languages must keep the same structure.
 */

const DIR = new URL('./', import.meta.url);
const PAGES = [
  'terms',
  'privacy',
  'commercial-transactions',
  'payment-services',
  'gem-terms',
  'guide',
  'how-to-play',
] as const;
type Page = (typeof PAGES)[number];
const LANGS = ['en', 'ja'] as const;
type Lang = (typeof LANGS)[number];

/** Seller details are configuration: the only placeholders a page may use. */
const PLACEHOLDERS = [
  'sellerName',
  'sellerRepresentative',
  'sellerAddress',
  'sellerEmail',
  'sellerPhoneNote',
  'supportHours',
  'contactUrl',
];

/** The shop's routes (spec §2) a page may link to, and the page each content route shows. */
const ROUTES: Record<string, Page | null> = {
  '/': null,
  '/terms-of-service': 'terms',
  '/privacy-protection': 'privacy',
  '/specific-commerce': 'commercial-transactions',
  '/fund-settlement': 'payment-services',
  '/gem-terms-of-service': 'gem-terms',
  '/user-guide': 'guide',
  '/buy-point': null,
  '/exchange-card': null,
};

/** Spec §9, the customs declared values per item (yen), as the guide shows them: the contract's one copy. */
const CUSTOMS_ROWS: Record<Lang, string[][]> = {
  en: customsCategories.map((c) => [CUSTOMS_DECLARED_VALUES[c].label.en, customsRangeText(c, 'en')]),
  ja: customsCategories.map((c) => [CUSTOMS_DECLARED_VALUES[c].label.ja, customsRangeText(c, 'ja')]),
};
const CUSTOMS_REVISED: Record<Lang, string> = CUSTOMS_RULES_NOTE;

/** Spec §1, the rank table (White and Bronze have no coins to keep: '—'). */
const RANK_ROWS: Record<Lang, string[][]> = {
  en: [
    ['White', '0-50,000', '0%', '—'],
    ['Bronze', '50,001-200,000', '0%', '—'],
    ['Silver', '200,001-500,000', '3%', '500'],
    ['Gold', '500,001-3,000,000', '5%', '3,000'],
    ['Rainbow', 'above 3,000,000', '10%', '5,000'],
  ],
  ja: [
    ['ホワイト', '0-50,000', '0%', '—'],
    ['ブロンズ', '50,001-200,000', '0%', '—'],
    ['シルバー', '200,001-500,000', '3%', '500'],
    ['ゴールド', '500,001-3,000,000', '5%', '3,000'],
    ['レインボー', '3,000,000超', '10%', '5,000'],
  ],
};

const GUIDE_SECTIONS = ['registering', 'purchasing-gems', 'purchasing-packs', 'customs-duties'];

// ---------------------------------------------------------------------------------------------------------------
// Parsing

interface Heading {
  level: number;
  text: string;
  id: string | null;
  line: number;
}

interface Table {
  rows: string[][];
  delimiterOk: boolean;
  line: number;
}

interface Doc {
  name: string;
  text: string;
  lines: string[];
  headings: Heading[];
  tables: Table[];
}

const read = (page: Page, lang: Lang): string => readFileSync(new URL(`${page}.${lang}.md`, DIR), 'utf8');

/** The lines outside fenced code blocks (the pages have none, but a fence must not hide a heading). */
function proseLines(text: string): { line: string; no: number }[] {
  const out: { line: string; no: number }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) out.push({ line, no: i + 1 });
  });
  return out;
}

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

function parse(name: string, text: string): Doc {
  const headings: Heading[] = [];
  const tables: Table[] = [];
  let table: Table | null = null;
  for (const { line, no } of proseLines(text)) {
    const h = /^(#{1,6})\s+(.*?)\s*$/.exec(line);
    if (h) {
      const [, hashes = '', rest = ''] = h;
      const idMatch = /^(.*?)\s*\{#([^}]*)\}$/.exec(rest);
      headings.push({
        level: hashes.length,
        text: idMatch ? (idMatch[1] ?? '') : rest,
        id: idMatch ? (idMatch[2] ?? '') : null,
        line: no,
      });
    }
    if (line.trim().startsWith('|')) {
      if (!table) {
        table = { rows: [], delimiterOk: false, line: no };
        tables.push(table);
      }
      if (
        table.rows.length === 1 &&
        !table.delimiterOk &&
        /^\|?(\s*:?-+:?\s*\|)+\s*(:?-+:?\s*)?$/.test(line.trim())
      ) {
        table.delimiterOk = true;
      } else {
        table.rows.push(cells(line));
      }
    } else {
      table = null;
    }
  }
  return { name, text, lines: text.split('\n'), headings, tables };
}

const load = (page: Page, lang: Lang): Doc => parse(`${page}.${lang}.md`, read(page, lang));

/** The text under the heading with this id, up to the next heading of the same or a higher level. */
function section(doc: Doc, id: string): string {
  const start = doc.headings.findIndex((h) => h.id === id);
  if (start < 0) return '';
  const head = doc.headings[start]!;
  const next = doc.headings.slice(start + 1).find((h) => h.level <= head.level);
  return doc.lines.slice(head.line, next ? next.line - 1 : undefined).join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Checks: each returns the problems it finds (empty = fine), so that the checks themselves can be tested below

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function checkFormat(doc: Doc): string[] {
  const problems: string[] = [];
  const first = doc.headings[0];
  if (!/^# .*\S \{#title\}$/.test(doc.lines[0] ?? '') || first?.line !== 1) {
    problems.push(`${doc.name}: the first line must be the title, '# Title {#title}'`);
  }
  if (doc.headings.filter((h) => h.level === 1).length !== 1) {
    problems.push(`${doc.name}: exactly one level-1 heading (the title)`);
  }
  const seen = new Set<string>();
  for (const h of doc.headings) {
    if (h.id === null) problems.push(`${doc.name}:${h.line}: heading without an {#id}: ${h.text}`);
    else if (!ID.test(h.id)) problems.push(`${doc.name}:${h.line}: bad id '${h.id}'`);
    else if (seen.has(h.id)) problems.push(`${doc.name}:${h.line}: id '${h.id}' used twice`);
    if (h.id !== null) seen.add(h.id);
    if (!h.text.trim()) problems.push(`${doc.name}:${h.line}: empty heading`);
  }
  for (const t of doc.tables) {
    const widths = new Set(t.rows.map((r) => r.length));
    if (!t.delimiterOk) problems.push(`${doc.name}:${t.line}: table without a |---| line under its header`);
    if (widths.size !== 1) problems.push(`${doc.name}:${t.line}: table rows of different widths`);
    if (t.rows.some((r) => r.some((c) => c === ''))) problems.push(`${doc.name}:${t.line}: empty table cell`);
  }
  for (const { line, no } of proseLines(doc.text)) {
    if (/<\/?[A-Za-z][^>]*>|<!--|&[a-z]+;|&#\d+;/.test(line)) problems.push(`${doc.name}:${no}: raw HTML`);
    if (/!\[/.test(line)) problems.push(`${doc.name}:${no}: images are not part of these pages`);
    if (/^\s*\[[^\]]+\]:\s/.test(line)) problems.push(`${doc.name}:${no}: use inline links, not references`);
    // a placeholder or a heading id is the only use of braces, so a typo ({{sellerName}, {sellerName}}) shows
    const rest = line.replace(/\{\{[A-Za-z]+\}\}/g, '').replace(/\s\{#[^}]*\}\s*$/, '');
    if (/[{}]/.test(rest)) problems.push(`${doc.name}:${no}: stray brace (a broken placeholder or id?)`);
  }
  for (const [, name = ''] of doc.text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)) {
    if (!PLACEHOLDERS.includes(name)) problems.push(`${doc.name}: unknown placeholder {{${name}}}`);
  }
  return problems;
}

const links = (doc: Doc): string[] =>
  [...doc.text.matchAll(/\[([^\]]*)\]\(([^)]*)\)/g)].map((m) => m[2] ?? '');

function checkLinks(doc: Doc, idsOf: (page: Page) => Set<string>): string[] {
  const problems: string[] = [];
  const own = new Set(doc.headings.map((h) => h.id));
  for (const target of links(doc)) {
    if (target === '{{contactUrl}}') continue;
    if (target.startsWith('#')) {
      if (!own.has(target.slice(1))) problems.push(`${doc.name}: link to a missing id ${target}`);
      continue;
    }
    const m = /^(\/[a-z-]*)(\?[^#\s]*)?(#[a-z0-9-]+)?$/.exec(target);
    const path = m?.[1];
    if (!m || path === undefined || !(path in ROUTES)) {
      problems.push(`${doc.name}: link to '${target}', not one of the shop's routes`);
      continue;
    }
    const page = ROUTES[path];
    const fragment = m[3];
    if (fragment && (!page || !idsOf(page).has(fragment.slice(1)))) {
      problems.push(`${doc.name}: link to '${target}', whose page has no such id`);
    }
  }
  return problems;
}

/** Same headings (level, id, order), same table shapes, same placeholders and link targets in both languages. */
function checkSameStructure(en: Doc, ja: Doc): string[] {
  const problems: string[] = [];
  const outline = (d: Doc) => d.headings.map((h) => `${'#'.repeat(h.level)} {#${h.id}}`);
  const a = outline(en);
  const b = outline(ja);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      problems.push(
        `heading ${i + 1}: ${en.name} has ${a[i] ?? 'nothing'}, ${ja.name} has ${b[i] ?? 'nothing'}`,
      );
    }
  }
  const shape = (d: Doc) => d.tables.map((t) => `${t.rows.length} rows × ${t.rows[0]?.length ?? 0} columns`);
  if (shape(en).join('; ') !== shape(ja).join('; ')) {
    problems.push(`tables: ${en.name} [${shape(en).join('; ')}], ${ja.name} [${shape(ja).join('; ')}]`);
  }
  const placeholders = (d: Doc) =>
    [...new Set([...d.text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))].sort();
  if (placeholders(en).join() !== placeholders(ja).join()) {
    problems.push(
      `placeholders: ${en.name} [${placeholders(en).join()}], ${ja.name} [${placeholders(ja).join()}]`,
    );
  }
  const targets = (d: Doc) => links(d).sort().join(' ');
  if (targets(en) !== targets(ja)) {
    problems.push(`links: ${en.name} [${targets(en)}], ${ja.name} [${targets(ja)}]`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------

const docs = new Map<string, Doc>();
const doc = (page: Page, lang: Lang): Doc => {
  const key = `${page}.${lang}`;
  if (!docs.has(key)) docs.set(key, load(page, lang));
  return docs.get(key)!;
};
const idsOf = (page: Page) => new Set(doc(page, 'en').headings.map((h) => h.id ?? ''));

describe('content pages', () => {
  it('has both languages of every page, and no other files', () => {
    const files = readdirSync(DIR).filter((f) => f !== 'content.test.ts');
    const expected = PAGES.flatMap((p) => LANGS.map((l) => `${p}.${l}.md`));
    expect(files.sort()).toEqual(expected.sort());
  });

  describe.each(PAGES)('%s', (page) => {
    it.each(LANGS)('%s: title line, ids on every heading, tables, placeholders, no HTML', (lang) => {
      expect(checkFormat(doc(page, lang))).toEqual([]);
    });

    it.each(LANGS)('%s: links go to the shop routes and existing ids', (lang) => {
      expect(checkLinks(doc(page, lang), idsOf)).toEqual([]);
    });

    it('English and Japanese have the same headings, tables, placeholders and links', () => {
      expect(checkSameStructure(doc(page, 'en'), doc(page, 'ja'))).toEqual([]);
    });
  });
});

describe('terms of service', () => {
  const articles = (d: Doc) => d.headings.filter((h) => h.id?.startsWith('article-'));

  it.each(LANGS)('%s: exactly 24 articles, numbered in order', (lang) => {
    const list = articles(doc('terms', lang));
    expect(list.map((h) => h.id)).toEqual(Array.from({ length: 24 }, (_, i) => `article-${i + 1}`));
    list.forEach((h, i) => {
      expect(h.level).toBe(2);
      expect(h.text).toMatch(
        lang === 'en' ? new RegExp(`^Article ${i + 1} \\(.+\\)$`) : new RegExp(`^第${i + 1}条（.+）$`),
      );
    });
  });

  it('dates of establishment and revision; the Japanese text governs', () => {
    const en = doc('terms', 'en').text;
    const ja = doc('terms', 'ja').text;
    expect(en).toContain('Established 10 November 2021');
    expect(en).toContain('Partly revised 22 March 2022');
    expect(en).toContain('the Japanese text prevails');
    expect(ja).toContain('2021年11月10日 制定');
    expect(ja).toContain('2022年3月22日 一部改定');
    expect(ja).toContain('日本語を正文とする');
  });

  // the rules of spec §1 the terms must state (a guard against an edit that drops one)
  const rules: Record<Lang, string[]> = {
    en: [
      'only one account',
      'not refundable',
      'cannot be transferred',
      'legally at fault',
      'valid for 6 months from the day they are awarded',
      'within 30 days of the notice',
      '24 hours',
      'one batch',
      'within 7 to 14 days',
      'within 3 to 7 days',
      'login gacha',
      'within 2 weeks',
      'include 10% consumption tax',
      'cannot be changed on the Site',
      'more than one month before',
      '500 gems',
      '1,000 gems',
      'Exchange Counter',
      'laws of Japan',
    ],
    ja: [
      '1つのアカウントのみ',
      '払い戻すことができない',
      '譲渡',
      '当社の法的責任による場合',
      '付与された日から6か月',
      '通知から30日以内',
      '24時間',
      '一括して発送',
      '7日から14日以内',
      '3日から7日以内',
      'ログインガチャ',
      '2週間以内',
      '消費税（10%）を含む',
      '本サイト上で変更することができない',
      '1か月を超える期間',
      '500ジェム',
      '1,000ジェム',
      '交換所',
      '日本法',
    ],
  };
  it.each(LANGS)('%s: states every rule of spec §1', (lang) => {
    const text = doc('terms', lang).text;
    expect(rules[lang].filter((r) => !text.includes(r))).toEqual([]);
  });
});

describe('user guide', () => {
  it.each(LANGS)('%s: the four numbered sections', (lang) => {
    const sections = doc('guide', lang).headings.filter((h) => h.level === 2);
    expect(sections.map((h) => h.id)).toEqual(GUIDE_SECTIONS);
    sections.forEach((h, i) => expect(h.text).toMatch(new RegExp(`^${i + 1}\\. \\S`)));
  });

  it.each(LANGS)(
    '%s: the customs section has the 9 declared values of spec §9 and the revision date',
    (lang) => {
      const d = doc('guide', lang);
      const customs = parse(d.name, section(d, 'customs-duties'));
      expect(customs.tables).toHaveLength(1);
      const [header, ...rows] = customs.tables[0]!.rows;
      expect(header).toHaveLength(2);
      expect(rows).toEqual(CUSTOMS_ROWS[lang]);
      expect(customs.lines.map((l) => l.trim())).toContain(CUSTOMS_REVISED[lang]);
    },
  );
});

describe('how to play', () => {
  it.each(LANGS)('%s: the rank table of spec §1', (lang) => {
    const d = doc('how-to-play', lang);
    const ranks = parse(d.name, section(d, 'ranks'));
    expect(ranks.tables).toHaveLength(1);
    const [header, ...rows] = ranks.tables[0]!.rows;
    if (lang === 'en') expect(header).toEqual(['Rank', 'Gems spent', 'Discount', 'Coins to keep']);
    expect(rows).toEqual(RANK_ROWS[lang]);
  });

  it.each(LANGS)(
    '%s: has the sections on gems, packs, ranks, coins, the exchange counter and the board',
    (lang) => {
      expect(doc('how-to-play', lang).headings.map((h) => h.id)).toEqual([
        'title',
        'buying-gems',
        'buying-packs',
        'ranks',
        'coins',
        'exchange-counter',
        'board',
      ]);
    },
  );
});

// The checks must be able to fail: each mutation of a real page is caught.
describe('the checks themselves', () => {
  const en = () => doc('terms', 'en');
  const ja = () => doc('terms', 'ja');
  const mutate = (d: Doc, from: string | RegExp, to: string) => parse(d.name, d.text.replace(from, to));

  it('catch a changed heading id', () => {
    expect(checkSameStructure(en(), mutate(ja(), '{#article-5}', '{#article-five}'))).not.toEqual([]);
  });
  it('catch a changed heading level', () => {
    expect(checkSameStructure(en(), mutate(ja(), '## 第5条', '### 第5条'))).not.toEqual([]);
  });
  it('catch a missing id and a duplicated id', () => {
    expect(checkFormat(mutate(ja(), ' {#article-5}', ''))).not.toEqual([]);
    expect(checkFormat(mutate(ja(), '{#article-5}', '{#article-4}'))).not.toEqual([]);
  });
  it('catch a table row missing in one language', () => {
    const g = doc('guide', 'ja');
    expect(checkSameStructure(doc('guide', 'en'), mutate(g, /^\| 漫画 .*\n/m, ''))).not.toEqual([]);
  });
  it('catch an unknown or broken placeholder, raw HTML and a link off the route table', () => {
    expect(checkFormat(mutate(en(), '{{sellerName}}', '{{companyName}}'))).not.toEqual([]);
    expect(checkFormat(mutate(en(), '{{sellerName}}', '{{sellerName}'))).not.toEqual([]);
    expect(checkFormat(mutate(en(), 'Please read them', '<b>Please</b> read them'))).not.toEqual([]);
    expect(checkLinks(mutate(en(), '(/user-guide)', '(/guide)'), idsOf)).not.toEqual([]);
    expect(checkLinks(mutate(en(), '/user-guide#customs-duties', '/user-guide#customs'), idsOf)).not.toEqual(
      [],
    );
  });
});
