/**
 * Card faces and pack artwork drawn as SVG from database rows: no downloaded images. Every piece of text is
 * XML-escaped; every id inside a drawing carries a prefix so that drawings can be nested (mini cards on a
 * pack banner). Output depends only on the input, so it caches well.
 */

export interface CardArtInput {
  id: number;
  name_en: string;
  name_ja: string;
  model_number: string;
  rarity: number; // 1–7
  rarity_label: string;
  card_type_id: number;
  type_name?: string;
}

export interface PackArtInput {
  id: number;
  name_en: string;
  name_ja: string;
  card_type_id: number;
  type_name: string;
  payment_method: number;
  point: number;
  total_pack_count: number;
  can_limit: number;
  limit_count: number;
}

export interface PrizeTier {
  rarity: number;
  rarity_label: string;
  quantity: number;
}

const FONT =
  "'Noto Sans JP','Hiragino Kaku Gothic ProN','Hiragino Sans','Yu Gothic',Meiryo,'Helvetica Neue',Arial,sans-serif";

/** XML text and attribute escaping. */
export function xml(s: string | number): string {
  return String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** Deterministic PRNG (mulberry32) so a drawing is the same on every request. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rough rendered width of a string in ems (CJK full width, Latin proportional). */
function ems(s: string): number {
  let w = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x2e80) w += 1;
    else if (ch === ' ') w += 0.28;
    else if (/[A-Z0-9#%&@MW]/.test(ch)) w += 0.66;
    else if (/[il.,:;'!|]/.test(ch)) w += 0.28;
    else w += 0.54;
  }
  return w;
}

/** Font size that fits `s` into `width`, at most `max`. */
function fit(s: string, width: number, max: number, min = 10): number {
  const w = ems(s);
  return Math.max(min, Math.min(max, Math.floor(width / Math.max(w, 0.1))));
}

const text = (
  x: number,
  y: number,
  size: number,
  s: string,
  attrs: Record<string, string | number> = {},
): string => {
  const a = Object.entries({ 'font-family': FONT, 'font-size': size, ...attrs })
    .map(([k, v]) => `${k}="${xml(v)}"`)
    .join(' ');
  return `<text x="${x}" y="${y}" ${a}>${xml(s)}</text>`;
};

interface Tier {
  name: string;
  frame: string[]; // frame gradient stops
  ink: string; // badge text colour
  foil: boolean;
  shine: number; // opacity of the diagonal shine band
}

/** Colour and finish per rarity tier 1–7. */
const TIERS: Record<number, Tier> = {
  1: { name: 'Common', frame: ['#eef1f5', '#b8c0cc', '#7d8694'], ink: '#2d3440', foil: false, shine: 0 },
  2: { name: 'Uncommon', frame: ['#c9f7e4', '#4fc79a', '#1c7a59'], ink: '#0f3f2e', foil: false, shine: 0.08 },
  3: { name: 'Rare', frame: ['#d4ecff', '#59a8f5', '#1f4fb8'], ink: '#0d2a66', foil: false, shine: 0.16 },
  4: {
    name: 'Double Rare',
    frame: ['#efe0ff', '#a774f2', '#5326a8'],
    ink: '#2c0f66',
    foil: false,
    shine: 0.22,
  },
  5: {
    name: 'Super Rare',
    frame: ['#fff6cc', '#f2c94c', '#b8860b', '#fff0a8'],
    ink: '#4a3300',
    foil: true,
    shine: 0.3,
  },
  6: {
    name: 'Special Art Rare',
    frame: ['#ff9ac1', '#ffd86e', '#8ff0b0', '#7fd0ff', '#c7a0ff', '#ff9ac1'],
    ink: '#3a1450',
    foil: true,
    shine: 0.34,
  },
  7: {
    name: 'Ultra Rare',
    frame: ['#fffbe0', '#f7d774', '#c9971c', '#fff3b0', '#b07d0a', '#ffe98a'],
    ink: '#3d2600',
    foil: true,
    shine: 0.42,
  },
};

const tierOf = (rarity: number): Tier => TIERS[Math.min(7, Math.max(1, Math.round(rarity)))]!;

/** What a rarity label stands for in the games' own words, else the tier's name. */
const LABEL_NAMES: Record<string, string> = {
  C: 'Common',
  U: 'Uncommon',
  UC: 'Uncommon',
  N: 'Normal',
  R: 'Rare',
  RR: 'Double Rare',
  SR: 'Super Rare',
  SAR: 'Special Art Rare',
  UR: 'Ultra Rare',
  SEC: 'Secret Rare',
  SP: 'Special Card',
  MANGA: 'Manga Rare',
  SE: 'Secret Rare',
  PSE: 'Prismatic Secret',
  QCSE: 'Quarter Century Secret',
  'LAST ONE': 'Last One Prize',
};

export function rarityName(label: string, rarity: number): string {
  const prize = /^([A-Z])賞$/.exec(label);
  if (prize) return `${prize[1]} Prize`;
  return LABEL_NAMES[label] ?? tierOf(rarity).name;
}

interface Theme {
  bg: [string, string];
  art: [string, string];
  accent: string;
  label: string;
}

/** Backgrounds and motif per card type (spec tab ids). */
const THEMES: Record<number, Theme> = {
  2: { bg: ['#ffcf3f', '#ff7a3d'], art: ['#fff7d1', '#ffb347'], accent: '#e0412b', label: 'POKÉMON' },
  5: { bg: ['#173a7a', '#0c1f44'], art: ['#ffd08a', '#2b6cb0'], accent: '#e53935', label: 'ONE PIECE' },
  1: { bg: ['#3a1c71', '#1b0f33'], art: ['#f3d9ff', '#5b3fc4'], accent: '#d4af37', label: 'YU-GI-OH!' },
  999996: { bg: ['#0fa39a', '#07534f'], art: ['#e8fff9', '#38c9b5'], accent: '#ff6f61', label: 'TCG MIX' },
  9999: { bg: ['#ff6f91', '#b5306b'], art: ['#fff0f5', '#ff9bbd'], accent: '#ffd166', label: 'HOBBY' },
  999995: { bg: ['#4b5563', '#1f2937'], art: ['#f3f4f6', '#9ca3af'], accent: '#f59e0b', label: 'OTHERS' },
};

const themeOf = (typeId: number): Theme => THEMES[typeId] ?? THEMES[999995]!;

function gradient(id: string, stops: string[], dir: [number, number, number, number] = [0, 0, 1, 1]): string {
  const s = stops
    .map(
      (c, i) =>
        `<stop offset="${stops.length === 1 ? 0 : (i / (stops.length - 1)).toFixed(3)}" stop-color="${c}"/>`,
    )
    .join('');
  return `<linearGradient id="${id}" x1="${dir[0]}" y1="${dir[1]}" x2="${dir[2]}" y2="${dir[3]}">${s}</linearGradient>`;
}

function sparkle(x: number, y: number, r: number, fill: string, opacity: number): string {
  const q = r * 0.22;
  return `<path d="M${x},${y - r} L${x + q},${y - q} L${x + r},${y} L${x + q},${y + q} L${x},${y + r} L${x - q},${y + q} L${x - r},${y} L${x - q},${y - q}Z" fill="${fill}" fill-opacity="${opacity.toFixed(2)}"/>`;
}

function rays(cx: number, cy: number, r: number, n: number, fill: string, opacity: number, turn = 0): string {
  let d = '';
  for (let i = 0; i < n; i++) {
    const a0 = ((i * 2) / (n * 2)) * Math.PI * 2 + turn;
    const a1 = ((i * 2 + 1) / (n * 2)) * Math.PI * 2 + turn;
    d += `M${cx},${cy} L${(cx + r * Math.cos(a0)).toFixed(1)},${(cy + r * Math.sin(a0)).toFixed(1)} L${(cx + r * Math.cos(a1)).toFixed(1)},${(cy + r * Math.sin(a1)).toFixed(1)}Z `;
  }
  return `<path d="${d.trim()}" fill="${fill}" fill-opacity="${opacity}"/>`;
}

function star(cx: number, cy: number, r: number, fill: string, stroke = 'none'): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="${fill}" stroke="${stroke}" stroke-width="2"/>`;
}

/** The card type's emblem, drawn around (0,0) within a radius of about 100. */
function motif(typeId: number, variant: number, accent: string): string {
  switch (typeId) {
    case 2: {
      // an elemental creature crest: flame, bolt, drop, leaf or star in a glowing orb
      const shapes = [
        `<path d="M0,-88 C34,-48 62,-20 56,22 C50,64 18,86 0,86 C-18,86 -54,66 -56,24 C-58,-6 -36,-26 -28,-50 C-18,-30 -8,-24 0,-22 C8,-40 6,-62 0,-88Z" fill="#ff5a1f"/><path d="M0,-20 C22,6 30,26 26,46 C22,66 10,74 0,74 C-14,74 -28,62 -28,42 C-28,24 -12,10 0,-20Z" fill="#ffd23f"/>`,
        `<polygon points="18,-92 -50,10 -6,10 -24,92 52,-18 6,-18" fill="#ffe03a" stroke="#c77800" stroke-width="5" stroke-linejoin="round"/>`,
        `<path d="M0,-90 C30,-44 60,-6 60,30 C60,66 32,88 0,88 C-32,88 -60,66 -60,30 C-60,-6 -30,-44 0,-90Z" fill="#3ea8ff"/><ellipse cx="-22" cy="24" rx="12" ry="22" fill="#fff" fill-opacity=".6"/>`,
        `<path d="M-70,70 C-70,-10 -10,-80 76,-78 C78,10 12,76 -70,70Z" fill="#37c15a"/><path d="M-62,62 L46,-50" stroke="#1d7a35" stroke-width="6" fill="none"/>`,
        star(0, 0, 90, '#ff7ae0', '#9b2fae'),
      ];
      return `<circle r="104" fill="#fff" fill-opacity=".35"/><circle r="104" fill="none" stroke="${accent}" stroke-width="6"/>${shapes[variant % shapes.length]}`;
    }
    case 5: {
      // a ship's wheel over waves
      let spokes = '';
      for (let i = 0; i < 8; i++) {
        const a = (i * Math.PI) / 4;
        const x = (100 * Math.cos(a)).toFixed(1);
        const y = (100 * Math.sin(a)).toFixed(1);
        const kx = (112 * Math.cos(a)).toFixed(1);
        const ky = (112 * Math.sin(a)).toFixed(1);
        spokes += `<line x1="0" y1="0" x2="${x}" y2="${y}" stroke="#6b3e1e" stroke-width="12" stroke-linecap="round"/><circle cx="${kx}" cy="${ky}" r="11" fill="#8b5a2b"/>`;
      }
      return `${spokes}<circle r="72" fill="none" stroke="#8b5a2b" stroke-width="18"/><circle r="72" fill="none" stroke="#c58b4f" stroke-width="5"/><circle r="22" fill="#c58b4f" stroke="#6b3e1e" stroke-width="6"/><path d="M-150,96 Q-110,70 -70,96 T10,96 T90,96 T170,96 L170,160 L-150,160Z" fill="#1565c0" fill-opacity=".85"/><path d="M-150,112 Q-110,90 -70,112 T10,112 T90,112 T170,112" stroke="#fff" stroke-width="5" fill="none" stroke-opacity=".7"/>`;
    }
    case 1: {
      // a summoning circle: rings, hexagram and runes
      let runes = '';
      for (let i = 0; i < 12; i++) {
        const a = (i * Math.PI) / 6 + variant * 0.2;
        runes += `<rect x="${(88 * Math.cos(a) - 4).toFixed(1)}" y="${(88 * Math.sin(a) - 4).toFixed(1)}" width="8" height="8" transform="rotate(45 ${(88 * Math.cos(a)).toFixed(1)} ${(88 * Math.sin(a)).toFixed(1)})" fill="${accent}"/>`;
      }
      const tri = (r: number, rot: number) => {
        const p = [0, 1, 2].map((k) => {
          const a = -Math.PI / 2 + rot + (k * 2 * Math.PI) / 3;
          return `${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`;
        });
        return `<polygon points="${p.join(' ')}" fill="none" stroke="${accent}" stroke-width="5"/>`;
      };
      return `<circle r="104" fill="#14052b" fill-opacity=".45"/><circle r="104" fill="none" stroke="${accent}" stroke-width="5"/><circle r="74" fill="none" stroke="${accent}" stroke-width="3"/>${tri(74, 0)}${tri(74, Math.PI)}${runes}<circle r="18" fill="#fff" fill-opacity=".9"/><circle r="8" fill="#7c3aed"/>`;
    }
    case 999996: {
      // three fanned cards
      const card = (rot: number, fill: string) =>
        `<g transform="rotate(${rot})"><rect x="-46" y="-92" width="92" height="128" rx="10" transform="translate(0,30)" fill="${fill}" stroke="#fff" stroke-width="6"/></g>`;
      return `${card(-24, '#ff6f61')}${card(0, '#ffd166')}${card(24, '#4dabf7')}${star(0, 0, 22, '#fff')}`;
    }
    case 9999: {
      // a prize trophy with a star
      return `<path d="M-56,-70 L56,-70 L50,-10 C46,22 22,40 0,40 C-22,40 -46,22 -50,-10Z" fill="#ffd166" stroke="#b7791f" stroke-width="6"/><path d="M-56,-56 C-96,-56 -92,0 -48,4 M56,-56 C96,-56 92,0 48,4" fill="none" stroke="#b7791f" stroke-width="8"/><rect x="-12" y="40" width="24" height="34" fill="#b7791f"/><rect x="-50" y="72" width="100" height="22" rx="6" fill="#7c4a14"/>${star(0, -22, 24, '#fff')}`;
    }
    default: {
      // a wrapped mystery box
      return `<rect x="-80" y="-40" width="160" height="120" rx="8" fill="#f59e0b" stroke="#92400e" stroke-width="6"/><rect x="-92" y="-70" width="184" height="36" rx="8" fill="#fbbf24" stroke="#92400e" stroke-width="6"/><rect x="-14" y="-70" width="28" height="150" fill="#dc2626"/><path d="M0,-70 C-30,-120 -78,-96 -40,-72 M0,-70 C30,-120 78,-96 40,-72" fill="none" stroke="#dc2626" stroke-width="10" stroke-linecap="round"/><text x="0" y="44" text-anchor="middle" font-family="${xml(FONT)}" font-size="64" font-weight="900" fill="#fff">?</text>`;
    }
  }
}

const STUDIOS = [
  'Studio Kumo',
  'Akari Works',
  'Tetsu Nakano',
  'Mio Hoshino',
  'Atelier Nagi',
  'Ren Takeda',
  'Pixel Fox',
  'Sora Ito',
];

/** The inner drawing of a card face in a 630×880 box; ids are prefixed with `p`. */
export function cardBody(card: CardArtInput, p: string): string {
  const tier = tierOf(card.rarity);
  const theme = themeOf(card.card_type_id);
  const rand = rng(card.id * 7919 + card.rarity);
  const variant = Math.floor(rand() * 5);
  const frame = gradient(`${p}f`, tier.frame, [0, 0, 1, 1]);
  const bg = gradient(`${p}b`, theme.bg, [0, 0, 0, 1]);
  const art = `<radialGradient id="${p}a" cx=".5" cy=".45" r=".75"><stop offset="0" stop-color="${theme.art[0]}"/><stop offset="1" stop-color="${theme.art[1]}"/></radialGradient>`;
  const foil = gradient(
    `${p}h`,
    ['#ff4fa3', '#ffd84f', '#4fffa0', '#4fc3ff', '#b44fff', '#ff4fa3', '#ffd84f'],
    [0, 0, 1, 0.6],
  );
  const shine = `<linearGradient id="${p}s" x1="0" y1="0" x2="1" y2="1"><stop offset=".35" stop-color="#fff" stop-opacity="0"/><stop offset=".5" stop-color="#fff" stop-opacity="${tier.shine}"/><stop offset=".65" stop-color="#fff" stop-opacity="0"/></linearGradient>`;
  const stripes = `<pattern id="${p}l" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="6" height="14" fill="#fff" fill-opacity=".22"/></pattern>`;

  const badgeW = Math.max(78, Math.round(ems(card.rarity_label) * 34 + 34));
  const nameRoom = 572 - badgeW - 18 - 58;
  const nameSize = fit(card.name_en, nameRoom, 46, 18);
  let sparkles = '';
  const count = 4 + card.rarity * 3;
  for (let i = 0; i < count; i++) {
    sparkles += sparkle(
      60 + rand() * 510,
      165 + rand() * 370,
      6 + rand() * (card.rarity >= 5 ? 20 : 12),
      '#fff',
      0.5 + rand() * 0.5,
    );
  }
  let stars = '';
  const starX0 = 315 - ((card.rarity - 1) * 40) / 2;
  for (let i = 0; i < card.rarity; i++)
    stars += star(starX0 + i * 40, 594, 15, `url(#${p}f)`, tier.frame.at(-1)!);
  const studio = STUDIOS[Math.floor(rand() * STUDIOS.length)]!;
  const typeName = card.type_name ?? theme.label;
  const title = rarityName(card.rarity_label, card.rarity).toUpperCase();

  return [
    `<defs>${frame}${bg}${art}${foil}${shine}${stripes}<clipPath id="${p}c"><rect x="48" y="152" width="534" height="408" rx="16"/></clipPath></defs>`,
    `<rect width="630" height="880" rx="32" fill="url(#${p}f)"/>`,
    tier.foil ? `<rect width="630" height="880" rx="32" fill="url(#${p}l)"/>` : '',
    `<rect x="20" y="20" width="590" height="840" rx="22" fill="url(#${p}b)"/>`,
    // name plate
    `<rect x="36" y="36" width="558" height="100" rx="16" fill="#000" fill-opacity=".38" stroke="url(#${p}f)" stroke-width="3"/>`,
    text(58, 90, nameSize, card.name_en, { 'font-weight': 800, fill: '#fff' }),
    text(58, 122, fit(card.name_ja, nameRoom, 24, 11), card.name_ja, {
      'font-weight': 500,
      fill: '#fff',
      'fill-opacity': 0.85,
    }),
    `<rect x="${572 - badgeW}" y="58" width="${badgeW}" height="56" rx="28" fill="url(#${p}f)" stroke="#fff" stroke-width="3"/>`,
    text(572 - badgeW / 2, 97, Math.min(34, fit(card.rarity_label, badgeW - 20, 34)), card.rarity_label, {
      'font-weight': 900,
      fill: tier.ink,
      'text-anchor': 'middle',
    }),
    // art window
    `<g clip-path="url(#${p}c)">`,
    `<rect x="48" y="152" width="534" height="408" fill="url(#${p}a)"/>`,
    rays(315, 356, 520, 18, '#fff', card.rarity >= 4 ? 0.28 : 0.16, variant * 0.17),
    tier.foil ? `<rect x="48" y="152" width="534" height="408" fill="url(#${p}h)" fill-opacity=".3"/>` : '',
    tier.foil ? `<rect x="48" y="152" width="534" height="408" fill="url(#${p}l)"/>` : '',
    `<circle cx="315" cy="356" r="150" fill="#fff" fill-opacity=".3"/>`,
    `<g transform="translate(315 360) scale(1.5)">${motif(card.card_type_id, variant, theme.accent)}</g>`,
    sparkles,
    `</g>`,
    `<rect x="48" y="152" width="534" height="408" rx="16" fill="none" stroke="url(#${p}f)" stroke-width="7"/>`,
    stars,
    // info panel
    `<rect x="36" y="622" width="558" height="178" rx="16" fill="#fff" fill-opacity=".92"/>`,
    text(60, 664, 22, typeName.toUpperCase(), {
      'font-weight': 700,
      fill: theme.accent,
      'letter-spacing': 2,
    }),
    text(60, 712, fit(title, 500, 38, 18), title, { 'font-weight': 900, fill: '#1f2937' }),
    `<rect x="60" y="734" width="510" height="3" fill="url(#${p}f)"/>`,
    text(60, 776, 20, `Illus. ${studio}`, { fill: '#4b5563', 'font-style': 'italic' }),
    text(570, 776, 20, `No. ${String(card.id).padStart(4, '0')}`, { fill: '#4b5563', 'text-anchor': 'end' }),
    // footer
    text(44, 840, 24, card.model_number, { 'font-weight': 700, fill: '#fff', 'letter-spacing': 1 }),
    text(586, 840, 20, `${card.rarity_label} · ${'★'.repeat(Math.min(7, card.rarity))}`, {
      fill: '#fff',
      'fill-opacity': 0.9,
      'text-anchor': 'end',
    }),
    `<rect width="630" height="880" rx="32" fill="url(#${p}s)"/>`,
  ].join('');
}

/** A complete card face, 630×880. */
export function renderCardSvg(card: CardArtInput): string {
  const label = `${card.name_en} (${card.rarity_label}) ${card.model_number}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 630 880" width="630" height="880" role="img" aria-label="${xml(label)}"><title>${xml(label)}</title>${cardBody(card, 'c')}</svg>`;
}

function miniCard(card: CardArtInput, x: number, y: number, w: number, rot: number, p: string): string {
  const h = (w * 880) / 630;
  return `<g transform="rotate(${rot} ${x + w / 2} ${y + h})"><rect x="${x + 8}" y="${y + 12}" width="${w}" height="${h}" rx="${w / 20}" fill="#000" fill-opacity=".35"/><svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="0 0 630 880">${cardBody(card, p)}</svg></g>`;
}

function backdrop(pack: PackArtInput, w: number, h: number, p: string): string {
  const theme = themeOf(pack.card_type_id);
  const rand = rng(pack.id * 104729);
  let sparkles = '';
  for (let i = 0; i < 26; i++)
    sparkles += sparkle(rand() * w, rand() * h, 4 + rand() * 14, '#fff', 0.25 + rand() * 0.6);
  let dots = '';
  for (let i = 0; i < 14; i++) {
    dots += `<circle cx="${(rand() * w).toFixed(0)}" cy="${(rand() * h).toFixed(0)}" r="${(20 + rand() * 90).toFixed(0)}" fill="#fff" fill-opacity="${(0.03 + rand() * 0.06).toFixed(2)}"/>`;
  }
  return [
    `<defs>${gradient(`${p}bg`, theme.bg, [0, 0, 1, 1])}${gradient(`${p}gd`, ['#fff6cc', '#f2c94c', '#b8860b'], [0, 0, 0, 1])}<radialGradient id="${p}gl" cx=".7" cy=".5" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#${p}bg)"/>`,
    rays(w * 0.7, h * 0.55, Math.max(w, h) * 1.2, 24, '#fff', 0.07),
    `<rect width="${w}" height="${h}" fill="url(#${p}gl)"/>`,
    dots,
    sparkles,
  ].join('');
}

function chip(
  x: number,
  y: number,
  label: string,
  size: number,
  fill: string,
  ink: string,
  opacity = 1,
): string {
  const w = Math.round(ems(label) * size + size * 1.4);
  const h = Math.round(size * 1.9);
  const x0 = x;
  return `<rect x="${x0}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="${fill}" fill-opacity="${opacity}"/>${text(x0 + w / 2, y + h * 0.68, size, label, { 'font-weight': 800, fill: ink, 'text-anchor': 'middle' })}`;
}

/**
 * The Top page banner of a pack, 1200×600: the backdrop and the best prizes fanned out on the right. No words:
 * the page writes the pack's name, price and lots over the left half in the member's language (pack-art.tsx).
 */
export function renderPackBannerSvg(pack: PackArtInput, top: CardArtInput[]): string {
  const W = 1200;
  const H = 600;
  const cards = top.slice(0, 3);
  const fan = [
    { x: 720, y: 128, w: 240, rot: -14 },
    { x: 900, y: 118, w: 240, rot: 12 },
    { x: 790, y: 66, w: 284, rot: -1 },
  ];
  let fanSvg = '';
  // draw the best card last so it sits on top
  const order = cards.length === 3 ? [1, 2, 0] : cards.map((_, i) => i);
  order.forEach((ci, k) => {
    const pos = cards.length === 1 ? fan[2]! : fan[k]!;
    fanSvg += miniCard(cards[ci]!, pos.x, pos.y, pos.w, pos.rot, `m${k}`);
  });
  const label = `${pack.name_en} / ${pack.name_ja}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${xml(label)}"><title>${xml(label)}</title>`,
    backdrop(pack, W, H, 'k'),
    fanSvg,
    '</svg>',
  ].join('');
}

/**
 * Detail-page carousel images, 800×800: 1 = the top prize as key visual, 2 = the prize line-up by rarity (label,
 * stars, share, count). No words in any language: the page around them says what they show.
 */
export function renderPackImageSvg(
  pack: PackArtInput,
  n: number,
  top: CardArtInput[],
  tiers: PrizeTier[],
): string {
  const S = 800;
  const theme = themeOf(pack.card_type_id);
  const label = `${pack.name_en} / ${pack.name_ja}`;
  const head = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${S} ${S}" width="${S}" height="${S}" role="img" aria-label="${xml(label)}"><title>${xml(label)}</title>${backdrop(pack, S, S, 'k')}`;
  if (n === 1 || !tiers.length) {
    const best = top[0];
    return [
      head,
      best ? miniCard(best, 250, 190, 300, -4, 'm0') : '',
      best ? chip(40, 36, best.rarity_label, 28, theme.accent, '#fff') : '',
      '</svg>',
    ].join('');
  }
  const total = tiers.reduce((s, t) => s + t.quantity, 0) || 1;
  const rows = tiers.slice(0, 7);
  const rowH = Math.min(96, Math.floor(640 / rows.length));
  const top0 = Math.round((S - rows.length * rowH) / 2);
  let table = '';
  rows.forEach((t, i) => {
    const y = top0 + i * rowH;
    const tier = tierOf(t.rarity);
    const pct = (t.quantity / total) * 100;
    table += `<defs>${gradient(`t${i}`, tier.frame, [0, 0, 1, 1])}</defs>`;
    table += `<rect x="50" y="${y}" width="700" height="${rowH - 12}" rx="14" fill="#fff" fill-opacity=".9"/>`;
    table += `<rect x="66" y="${y + 10}" width="130" height="${rowH - 32}" rx="${(rowH - 32) / 2}" fill="url(#t${i})" stroke="#fff" stroke-width="2"/>`;
    table += text(131, y + rowH / 2 + 4, Math.min(28, fit(t.rarity_label, 110, 28)), t.rarity_label, {
      'font-weight': 900,
      fill: tier.ink,
      'text-anchor': 'middle',
    });
    table += text(216, y + rowH / 2 + 2, 24, '★'.repeat(Math.min(7, Math.max(1, t.rarity))), {
      fill: '#f2b01e',
      'letter-spacing': 1,
    });
    table += `<rect x="430" y="${y + rowH / 2 - 14}" width="180" height="16" rx="8" fill="#e5e7eb"/><rect x="430" y="${y + rowH / 2 - 14}" width="${Math.max(6, (180 * pct) / 100).toFixed(1)}" height="16" rx="8" fill="url(#t${i})"/>`;
    table += text(730, y + rowH / 2 + 2, 24, `×${t.quantity.toLocaleString('en-US')}`, {
      'font-weight': 800,
      fill: '#1f2937',
      'text-anchor': 'end',
    });
  });
  return [head, table, '</svg>'].join('');
}
