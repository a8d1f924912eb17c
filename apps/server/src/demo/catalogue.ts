/**
 * The demo catalogue: made-up cards and packs for every card type, covering every sale state (before sale,
 * on sale, nearly sold out, sold out, ended), a coin pack, a per-member limit, a small pool and a last-one
 * prize. Names are invented; nothing here is a real product.
 */

export const TYPE = { pokemon: 2, onePiece: 5, yugioh: 1, mix: 999996, hobby: 9999, others: 999995 } as const;

/** Rarity labels 1–7 per card type (the usual ladders of each game). */
const LABELS: Record<number, readonly string[]> = {
  [TYPE.pokemon]: ['C', 'U', 'R', 'RR', 'SR', 'SAR', 'UR'],
  [TYPE.onePiece]: ['C', 'UC', 'R', 'SR', 'SEC', 'SP', 'MANGA'],
  [TYPE.yugioh]: ['N', 'R', 'SR', 'UR', 'SE', 'PSE', 'QCSE'],
  [TYPE.mix]: ['C', 'U', 'R', 'RR', 'SR', 'SAR', 'UR'],
  [TYPE.hobby]: ['G賞', 'F賞', 'E賞', 'D賞', 'C賞', 'B賞', 'A賞'],
  [TYPE.others]: ['C', 'U', 'R', 'RR', 'SR', 'SAR', 'UR'],
};

export interface DemoCard {
  key: string;
  type: number;
  en: string;
  ja: string;
  model: string;
  rarity: number;
  label: string;
}

const card = (
  key: string,
  type: number,
  en: string,
  ja: string,
  model: string,
  rarity: number,
  label?: string,
): DemoCard => ({
  key,
  type,
  en,
  ja,
  model,
  rarity,
  label: label ?? LABELS[type]![rarity - 1]!,
});

const P = TYPE.pokemon;
const O = TYPE.onePiece;
const Y = TYPE.yugioh;
const M = TYPE.mix;
const H = TYPE.hobby;
const X = TYPE.others;

export const DEMO_CARDS: readonly DemoCard[] = [
  // Pokémon-style creatures
  card('emberpup', P, 'Emberpup', 'ヒノコイヌ', 'SV9a-012', 1),
  card('puddlefin', P, 'Puddlefin', 'ミズヒレ', 'SV9a-024', 1),
  card('sproutling', P, 'Sproutling', 'メブキン', 'SV9a-003', 1),
  card('voltmouse', P, 'Voltmouse', 'ビリネズ', 'SV9a-041', 2),
  card('pebblecrab', P, 'Pebblecrab', 'イシガニ', 'SV9a-057', 2),
  card('field-research', P, "Professor's Field Research", '博士のフィールドリサーチ', 'SV9a-088', 2),
  card('glimmerwing', P, 'Glimmerwing', 'キラメバネ', 'SV9a-063', 3),
  card('frostfang', P, 'Frostfang', 'コオリキバ', 'SV9a-031', 3),
  card('blazewing', P, 'Blazewing Drake ex', 'ホムラドレイクex', 'SV9a-104', 4),
  card('tidecaller', P, 'Tidecaller Serpent ex', 'シオヨビサーペントex', 'SV9a-105', 4),
  card('thunderhoof', P, 'Thunderhoof ex', 'イカズチウマex', 'SV9a-112', 5),
  card('moonlit', P, 'Moonlit Sylphid ex', 'ツキヨノシルフex', 'SV9a-118', 5),
  card('aurora-kitsune', P, 'Aurora Kitsune ex', 'オーロラキュウビex', 'SV9a-201', 6),
  card('starfall-dragon', P, 'Starfall Dragon ex', 'ホシフリドラゴンex', 'SV9a-205', 6),
  card('celestial-phoenix', P, 'Celestial Phoenix ex', 'テンクウフェニックスex', 'SV9a-230', 7),
  card('golden-starfall', P, 'Golden Starfall Dragon ex', 'ゴールドホシフリドラゴンex', 'SV9a-236', 7),

  // ONE PIECE-style pirates
  card('tobi', O, 'Deckhand Tobi', '見習い水夫トビ', 'OP11-011', 1),
  card('rin', O, 'Navigator Rin', '航海士リン', 'OP11-019', 1),
  card('basil', O, 'Cook Basil', 'コック・バジル', 'OP11-027', 2),
  card('kaito', O, 'Sniper Kaito', '狙撃手カイト', 'OP11-033', 2),
  card('ox', O, 'Shipwright Ox', '船大工オックス', 'OP11-045', 3),
  card('jin', O, 'Swordsman Jin', '剣士ジン', 'OP11-052', 3),
  card('reyna', O, 'Captain Reyna', '船長レイナ', 'OP11-060', 4),
  card('kurogane', O, 'Admiral Kurogane', '大将クロガネ', 'OP11-071', 4),
  card('balder', O, 'Storm King Balder', '嵐の王バルダー', 'OP11-118', 5),
  card('reyna-queen', O, 'Reyna, Queen of the Seas', '海の女王レイナ', 'OP11-060 SP', 6),
  card('aoi', O, 'Sunrise Captain Aoi', '夜明けの船長アオイ', 'OP11-120', 7),
  card('galleon', O, 'Don Galleon', 'ドン・ガレオン', 'OP11-092', 4),

  // Yu-Gi-Oh!-style duel monsters
  card('librarian', Y, 'Arcane Librarian', '魔導司書', 'DLGN-JP012', 1),
  card('shadow-fox', Y, 'Phantom Shadow Fox', '幻影の影狐', 'DLGN-JP018', 1),
  card('thunder-titan', Y, 'Thunder Titan Golem', '雷帝ゴーレム', 'DLGN-JP025', 2),
  card('prism-barrier', Y, 'Prism Barrier', 'プリズム・バリア', 'DLGN-JP077', 2),
  card('crimson-knight', Y, 'Crimson Knight Valor', '紅蓮の騎士ヴァロール', 'DLGN-JP031', 3),
  card('moonblade', Y, 'Moonblade Sorceress', '月刃の魔女', 'DLGN-JP036', 3),
  card('obsidian-wyvern', Y, 'Obsidian Wyvern of the Abyss', '深淵の黒曜飛竜', 'DLGN-JP040', 4),
  card('gear-colossus', Y, 'Primeval Gear Colossus', '太古の歯車巨神', 'DLGN-JP044', 4),
  card('sun-pharaoh', Y, 'Radiant Sun Pharaoh', '太陽の王ファラオ', 'DLGN-JP001', 5),
  card('azure-dragon', Y, 'Eternal Azure Dragon', '永劫の蒼穹竜', 'DLGN-JP002', 6),
  card('chaos-seraph', Y, 'Chaos Seraph Lucifel', '混沌の熾天使ルシフェル', 'DLGN-JP003', 7),
  card('dawn-sword', Y, 'Sacred Sword of Dawn', '暁の聖剣', 'DLGN-JP060', 2),

  // TCG MIX
  card('hana', M, 'Idol Stage Hana', 'ステージアイドル ハナ', 'MIX-014', 1),
  card('hayate', M, 'Neon Samurai Hayate', 'ネオンサムライ ハヤテ', 'MIX-022', 2),
  card('yuzu', M, 'Mecha Pilot Yuzu', 'メカパイロット ユズ', 'MIX-031', 3),
  card('zed', M, 'Chrono Sorcerer Zed', '時詠みの魔術師ゼド', 'MIX-047', 4),
  card('lyra', M, 'Starblade Knight Lyra', '星剣の騎士ライラ', 'MIX-055', 5),
  card('vega', M, 'Galaxy Empress Vega', '銀河女帝ベガ', 'MIX-088', 6),
  card('zeroth', M, 'Omega Dragon Zeroth', 'オメガドラゴン・ゼロス', 'MIX-100', 7),

  // Hobby: figure lottery prizes
  card('strap', H, 'Rubber Strap Collection', 'ラバーストラップコレクション', 'HB-DK-G', 1),
  card('acrylic', H, 'Acrylic Stand Mini', 'アクリルスタンド ミニ', 'HB-DK-F', 2),
  card('clear-file', H, 'Clear File Set', 'クリアファイルセット', 'HB-DK-E', 3),
  card('towel', H, 'Face Towel Collection', 'フェイスタオルコレクション', 'HB-DK-D', 4),
  card('plush', H, 'Dragon Mascot Plush 20 cm', 'ドラゴンマスコット ぬいぐるみ 20cm', 'HB-DK-C', 5),
  card('scale-figure', H, "1/7 Scale Figure 'Sakura'", '1/7スケールフィギュア「サクラ」', 'HB-DK-B', 6),
  card(
    'premium-figure',
    H,
    "Premium Figure 'Dragon Knight' 30 cm",
    'プレミアムフィギュア「竜騎士」30cm',
    'HB-DK-A',
    7,
  ),
  card(
    'last-one-figure',
    H,
    'Last One Special Colour Figure',
    'ラストワン賞 スペシャルカラーフィギュア',
    'HB-DK-LO',
    7,
    'LAST ONE',
  ),

  // Others: supplies and sealed product
  card('sleeves', X, 'Card Sleeves 64 pcs', 'カードスリーブ 64枚入り', 'OT-SLV-64', 1),
  card('deck-box', X, 'Deck Box (Midnight Blue)', 'デッキケース（ミッドナイトブルー）', 'OT-DBX-02', 2),
  card('playmat', X, 'Rubber Playmat', 'ラバープレイマット', 'OT-MAT-07', 3),
  card('booster-packs', X, 'Sealed Booster Pack', '未開封ブースターパック', 'OT-BP-10', 4),
  card('booster-box', X, 'Sealed Booster Box', '未開封ブースターBOX', 'OT-BOX-01', 5),
  card('graded-slab', X, 'Graded Card, Gem Mint 10', '鑑定済みカード GEM MINT 10', 'OT-GRD-10', 6),
  card('special-box', X, 'Sealed Special Collection Box', '未開封スペシャルコレクションBOX', 'OT-SPX-01', 7),
];

export interface DemoPrize {
  card: string;
  quantity: number;
  buyPoint: number;
  num?: number;
  shipOnly?: boolean;
  lastOne?: boolean;
}

export interface DemoPack {
  type: number;
  en: string;
  ja: string;
  paymentMethod: 1 | 2;
  point: number;
  /** Sale window relative to the load time, in hours; null = no end. */
  startsInHours: number;
  endsInHours: number | null;
  sold: number;
  limit?: { count: number; en: string; ja: string };
  maxBuyCount?: number;
  showCardlist?: boolean;
  movieStyle: number;
  detail: { en: [string, string[]]; ja: [string, string[]] };
  prizes: DemoPrize[];
  /** A release room on the pack (docs/fairness.md § 10), opened as the demo loads. */
  room?: { minutesBefore: number; admitPerMinute: number; passSeconds: number };
}

const pr = (card: string, quantity: number, buyPoint: number, extra: Partial<DemoPrize> = {}): DemoPrize => ({
  card,
  quantity,
  buyPoint,
  ...extra,
});
const last = (card: string, buyPoint: number): DemoPrize => ({ card, quantity: 1, buyPoint, lastOne: true });

const DAY = 24;

export const DEMO_PACKS: readonly DemoPack[] = [
  {
    type: P,
    en: 'Starfall Premium Pack',
    ja: 'スターフォール プレミアムパック',
    paymentMethod: 1,
    point: 1000,
    startsInHours: -3 * DAY,
    endsInHours: 27 * DAY,
    sold: 42,
    movieStyle: 1,
    detail: {
      en: [
        'Our flagship pack of the season. <strong>Golden Starfall Dragon ex (UR)</strong> is waiting at the top.',
        [
          '300 lots in total, every lot wins a card.',
          'Last One prize: Celestial Phoenix ex (UR).',
          'Cards you do not ship can be converted to gems within 24 hours.',
        ],
      ],
      ja: [
        '今シーズンの看板パックです。最上位は<strong>ゴールドホシフリドラゴンex（UR）</strong>。',
        [
          '全300口、ハズレなし。',
          'ラストワン賞：テンクウフェニックスex（UR）。',
          '発送しないカードは24時間以内にジェムへ交換できます。',
        ],
      ],
    },
    prizes: [
      pr('golden-starfall', 1, 60000),
      pr('aurora-kitsune', 2, 20000),
      pr('starfall-dragon', 2, 15000),
      pr('thunderhoof', 5, 5000),
      pr('moonlit', 5, 4000),
      pr('blazewing', 15, 1200),
      pr('tidecaller', 15, 1000),
      pr('glimmerwing', 40, 150),
      pr('frostfang', 40, 150),
      pr('voltmouse', 45, 60),
      pr('pebblecrab', 45, 60),
      pr('emberpup', 45, 30),
      pr('puddlefin', 40, 30),
      last('celestial-phoenix', 50000),
    ],
  },
  {
    type: P,
    en: 'Aurora Night Legends Pack',
    ja: 'オーロラナイト レジェンドパック',
    paymentMethod: 1,
    point: 3000,
    startsInHours: 3,
    endsInHours: 30 * DAY,
    sold: 0,
    maxBuyCount: 10,
    // members may join its room now: four hours before a start three hours away
    room: { minutesBefore: 4 * 60, admitPerMinute: 20, passSeconds: 300 },
    movieStyle: 6,
    detail: {
      en: [
        'Sale starts soon! A high-end pack where one lot in ten is an SR or better.',
        [
          '200 lots, up to 10 per purchase.',
          'Top prize: Celestial Phoenix ex (UR).',
          'Last One prize: Golden Starfall Dragon ex.',
        ],
      ],
      ja: [
        'まもなく販売開始！10口に1口がSR以上のハイエンドパック。',
        [
          '全200口、1回のご購入は10口まで。',
          '最上位：テンクウフェニックスex（UR）。',
          'ラストワン賞：ゴールドホシフリドラゴンex。',
        ],
      ],
    },
    prizes: [
      pr('celestial-phoenix', 1, 100000),
      pr('aurora-kitsune', 3, 30000),
      pr('starfall-dragon', 3, 25000),
      pr('moonlit', 10, 6000),
      pr('thunderhoof', 10, 5000),
      pr('blazewing', 30, 1500),
      pr('tidecaller', 30, 1200),
      pr('glimmerwing', 113, 500),
      last('golden-starfall', 60000),
    ],
  },
  {
    type: P,
    en: 'Blaze Rush Pack: Last Chance',
    ja: 'ブレイズラッシュパック ラストチャンス',
    paymentMethod: 1,
    point: 500,
    startsInHours: -10 * DAY,
    endsInHours: 20 * DAY,
    sold: 497,
    movieStyle: 3,
    detail: {
      en: [
        'Only a few lots left: the <strong>final lot</strong> comes with an extra SAR.',
        ['500 lots in total.', 'Whoever draws the final lot also wins Aurora Kitsune ex (SAR).'],
      ],
      ja: [
        '残りわずか！<strong>最後の1口</strong>にはSARが付いてきます。',
        ['全500口。', '最後の1口を引いた方にはオーロラキュウビex（SAR）もプレゼント。'],
      ],
    },
    prizes: [
      pr('starfall-dragon', 1, 20000),
      pr('thunderhoof', 4, 4000),
      pr('blazewing', 20, 800),
      pr('frostfang', 75, 200),
      pr('voltmouse', 150, 80),
      pr('sproutling', 250, 40),
      last('aurora-kitsune', 20000),
    ],
  },
  {
    type: P,
    en: "Coin Gacha: Trainer's Treasure",
    ja: 'コインガチャ：トレーナーの宝箱',
    paymentMethod: 2,
    point: 10,
    startsInHours: -5 * DAY,
    endsInHours: null,
    sold: 12,
    movieStyle: 10,
    detail: {
      en: [
        'Play with the coins you earn on gem packs.',
        ['10 coins per play.', '<strong>Shipping only</strong>: prizes cannot be converted to gems.'],
      ],
      ja: [
        'ジェムパックで貯まったコインで遊べます。',
        ['1回10コイン。', '<strong>発送専用</strong>：景品はジェムに交換できません。'],
      ],
    },
    prizes: [
      pr('moonlit', 1, 0, { shipOnly: true }),
      pr('glimmerwing', 9, 0, { shipOnly: true }),
      pr('field-research', 40, 0, { shipOnly: true }),
      pr('emberpup', 30, 0, { shipOnly: true }),
      pr('puddlefin', 20, 0, { shipOnly: true }),
    ],
  },
  {
    type: O,
    en: 'Grand Voyage Treasure Pack',
    ja: 'グランドボヤージュ 秘宝パック',
    paymentMethod: 1,
    point: 500,
    startsInHours: -2 * DAY,
    endsInHours: 14 * DAY,
    sold: 31,
    limit: {
      count: 3,
      en: 'Limited to 3 plays per member.',
      ja: 'お一人様3回までのご購入となります。',
    },
    movieStyle: 2,
    detail: {
      en: [
        'Set sail for the <strong>MANGA rare</strong> Sunrise Captain Aoi!',
        ['300 lots.', 'Limited to 3 plays per member so that everyone gets a chance.'],
      ],
      ja: [
        '<strong>MANGAレア</strong>「夜明けの船長アオイ」を目指して出航！',
        ['全300口。', 'より多くの方にお楽しみいただくため、お一人様3回までとなります。'],
      ],
    },
    prizes: [
      pr('aoi', 1, 40000),
      pr('reyna-queen', 2, 15000),
      pr('balder', 4, 6000),
      pr('reyna', 12, 1500),
      pr('kurogane', 12, 1200),
      pr('jin', 40, 200),
      pr('ox', 40, 200),
      pr('basil', 50, 60),
      pr('kaito', 50, 60),
      pr('tobi', 45, 20),
      pr('rin', 44, 20),
    ],
  },
  {
    type: O,
    en: 'Red Tide Captains Pack',
    ja: 'レッドタイド 船長パック',
    paymentMethod: 1,
    point: 1000,
    startsInHours: -20 * DAY,
    endsInHours: 10 * DAY,
    sold: 200,
    movieStyle: 4,
    detail: {
      en: [
        'Sold out. Thank you for playing!',
        ['200 lots.', 'Last One prize: Reyna, Queen of the Seas (SP).'],
      ],
      ja: ['完売しました。ありがとうございました！', ['全200口。', 'ラストワン賞：海の女王レイナ（SP）。']],
    },
    prizes: [
      pr('balder', 2, 8000),
      pr('kurogane', 8, 2000),
      pr('galleon', 10, 1800),
      pr('jin', 40, 400),
      pr('ox', 40, 400),
      pr('basil', 50, 100),
      pr('tobi', 50, 50),
      last('reyna-queen', 15000),
    ],
  },
  {
    type: Y,
    en: 'Abyssal Legends High-End Pack',
    ja: 'アビサルレジェンド ハイエンドパック',
    paymentMethod: 1,
    point: 3000,
    startsInHours: -1 * DAY,
    endsInHours: 29 * DAY,
    sold: 18,
    maxBuyCount: 10,
    movieStyle: 7,
    detail: {
      en: [
        'The <strong>Quarter Century Secret</strong> Chaos Seraph Lucifel headlines this pack.',
        ['150 lots, up to 10 per purchase.', 'Every lot is an R or better.'],
      ],
      ja: [
        '目玉は<strong>クォーターセンチュリーシークレット</strong>「混沌の熾天使ルシフェル」。',
        ['全150口、1回のご購入は10口まで。', '全口R以上確定。'],
      ],
    },
    prizes: [
      pr('chaos-seraph', 1, 80000),
      pr('azure-dragon', 2, 30000),
      pr('sun-pharaoh', 4, 15000),
      pr('obsidian-wyvern', 10, 5000),
      pr('gear-colossus', 10, 4000),
      pr('crimson-knight', 30, 1500),
      pr('moonblade', 30, 1200),
      pr('thunder-titan', 33, 600),
      pr('prism-barrier', 30, 500),
    ],
  },
  {
    type: Y,
    en: 'Eternal Duel Anniversary Pack',
    ja: 'エターナルデュエル 記念パック',
    paymentMethod: 1,
    point: 1000,
    startsInHours: -40 * DAY,
    endsInHours: -2 * DAY,
    sold: 212,
    movieStyle: 5,
    detail: {
      en: [
        'This sale has ended. Thank you for playing!',
        ['300 lots.', 'Top prize: Eternal Azure Dragon (PSE).'],
      ],
      ja: ['販売は終了しました。ありがとうございました！', ['全300口。', '最上位：永劫の蒼穹竜（PSE）。']],
    },
    prizes: [
      pr('azure-dragon', 1, 30000),
      pr('sun-pharaoh', 3, 8000),
      pr('obsidian-wyvern', 8, 3000),
      pr('crimson-knight', 20, 800),
      pr('moonblade', 20, 700),
      pr('thunder-titan', 60, 200),
      pr('dawn-sword', 60, 200),
      pr('librarian', 68, 50),
      pr('shadow-fox', 60, 50),
    ],
  },
  {
    type: M,
    en: 'Mix Lucky 10',
    ja: 'ミックスラッキー10',
    paymentMethod: 1,
    point: 300,
    startsInHours: -6,
    endsInHours: 7 * DAY,
    sold: 0,
    movieStyle: 8,
    detail: {
      en: [
        'A tiny pool of <strong>10 lots</strong>: one UR and one SAR are inside.',
        ['10 lots in total.', 'Last One prize: Starblade Knight Lyra (SR).'],
      ],
      ja: [
        '全<strong>10口</strong>の小さなパック。URとSARが1枚ずつ入っています。',
        ['全10口。', 'ラストワン賞：星剣の騎士ライラ（SR）。'],
      ],
    },
    prizes: [
      pr('zeroth', 1, 6000),
      pr('vega', 1, 2500),
      pr('zed', 2, 600),
      pr('yuzu', 2, 200),
      pr('hayate', 2, 80),
      pr('hana', 2, 30),
      last('lyra', 1500),
    ],
  },
  {
    type: H,
    en: 'Dragon Knight Figure Kuji',
    ja: 'ドラゴンナイト フィギュアくじ',
    paymentMethod: 1,
    point: 800,
    startsInHours: -4 * DAY,
    endsInHours: 26 * DAY,
    sold: 9,
    movieStyle: 11,
    detail: {
      en: [
        'A figure lottery: every ticket wins a prize from A to G.',
        [
          '80 tickets.',
          'A prize: Premium Figure “Dragon Knight”, 30 cm.',
          'Last One prize: Special Colour Figure.',
        ],
      ],
      ja: [
        'ハズレなしのフィギュアくじ。A賞〜G賞のいずれかが当たります。',
        [
          '全80枚。',
          'A賞：プレミアムフィギュア「竜騎士」30cm。',
          'ラストワン賞：スペシャルカラーフィギュア。',
        ],
      ],
    },
    prizes: [
      pr('premium-figure', 2, 15000),
      pr('scale-figure', 4, 6000),
      pr('plush', 8, 2000),
      pr('towel', 14, 600),
      pr('clear-file', 16, 300, { num: 2 }),
      pr('acrylic', 18, 250),
      pr('strap', 18, 100),
      last('last-one-figure', 20000),
    ],
  },
  {
    type: X,
    en: 'Sealed Box Mystery Pack',
    ja: '未開封BOX ミステリーパック',
    paymentMethod: 1,
    point: 5000,
    startsInHours: -12,
    endsInHours: 21 * DAY,
    sold: 3,
    showCardlist: false,
    movieStyle: 12,
    detail: {
      en: [
        'Sealed boxes, graded cards and supplies. <strong>The line-up is a secret!</strong>',
        ['50 lots.', 'Sealed products are shipped as they are, never opened.'],
      ],
      ja: [
        '未開封BOX、鑑定済みカード、サプライが当たる。<strong>ラインナップはシークレット！</strong>',
        ['全50口。', '未開封品は開封せずにそのまま発送します。'],
      ],
    },
    prizes: [
      pr('special-box', 1, 60000),
      pr('graded-slab', 2, 25000),
      pr('booster-box', 5, 9000),
      pr('booster-packs', 10, 4000, { num: 10 }),
      pr('playmat', 12, 1800),
      pr('deck-box', 10, 800),
      pr('sleeves', 10, 400),
    ],
  },
  {
    type: O,
    en: 'Sunrise Pirates Pack',
    ja: 'サンライズパイレーツパック',
    paymentMethod: 1,
    point: 1000,
    startsInHours: 2 * DAY,
    endsInHours: 32 * DAY,
    sold: 0,
    movieStyle: 13,
    detail: {
      en: ['Coming soon: a new crew sets sail.', ['250 lots.', 'Top prize: Sunrise Captain Aoi (MANGA).']],
      ja: ['近日公開：新たな海賊団が出航します。', ['全250口。', '最上位：夜明けの船長アオイ（MANGA）。']],
    },
    prizes: [
      pr('aoi', 1, 40000),
      pr('reyna-queen', 3, 12000),
      pr('balder', 6, 5000),
      pr('reyna', 20, 1500),
      pr('kurogane', 20, 1200),
      pr('jin', 50, 300),
      pr('ox', 50, 300),
      pr('basil', 50, 100),
      pr('rin', 50, 50),
    ],
  },
];

/** Gem price courses (1 gem = 1 yen); the last is a coupon-only free grant (rate "100"). */
export const DEMO_POINT_PRICES: readonly {
  point: number;
  price: number;
  rate?: string;
  couponOnly?: boolean;
}[] = [
  { point: 300, price: 300 },
  { point: 500, price: 500 },
  { point: 1000, price: 1000 },
  { point: 3000, price: 3000 },
  { point: 5000, price: 5000 },
  { point: 10000, price: 10000 },
  { point: 30000, price: 30000 },
  { point: 50000, price: 50000 },
  { point: 500, price: 500, rate: '100', couponOnly: true },
];

/**
 * Demo players who bought what the demo packs have sold (load-demo.ts): no password, so nobody can log in as
 * them; their names are never shown (the public draw record names nobody).
 */
export const DEMO_CROWD_SIZE = 16;
export const demoCrowdMember = (n: number) => {
  const id = String(n).padStart(2, '0');
  return {
    mail: `player${id}@players.example.com`,
    lastName: 'Player',
    firstName: id,
    referralCode: `DEMOPLAYER${id}`,
  };
};

export const DEMO_MEMBER = {
  mail: 'demo@example.com',
  password: 'demo1234',
  lastName: 'Demo',
  firstName: 'Taro',
  tel: '+1 213-555-0142',
  zipcode: '90012',
  prefText: 'California',
  shiku: 'Los Angeles',
  address: '200 N Spring St',
  building: 'Suite 1200',
  countryId: 840,
  referralCode: 'DEMOTARO',
  gems: 30000,
  coinTenths: 1200,
} as const;

/**
 * A second demo member who is Silver this month (ranked from 250,000 gems of last month's spend, a rank_months
 * row) with coins to keep the rank and to exchange cards: the rank discount, rank maintenance and the exchange
 * counter can be tried at once.
 */
export const DEMO_SILVER_MEMBER = {
  ...DEMO_MEMBER,
  mail: 'silver@example.com',
  lastName: 'Demo',
  firstName: 'Hanako',
  referralCode: 'DEMOHANAKO',
  gems: 50000,
  coinTenths: 12000,
  rank: 3,
  lastMonthSpend: 250_000,
} as const;

/** The exchange counter's cards (spec §2 Exchange card: the Pokémon and ONE PIECE tabs); coins, stock, limit. */
export const DEMO_EXCHANGE_CARDS: readonly {
  card: string;
  subCoin: number;
  stock: number;
  limit?: number;
}[] = [
  { card: 'voltmouse', subCoin: 30, stock: 50 },
  { card: 'glimmerwing', subCoin: 80, stock: 20 },
  { card: 'blazewing', subCoin: 250, stock: 8, limit: 2 },
  { card: 'aurora-kitsune', subCoin: 900, stock: 1 },
  { card: 'basil', subCoin: 30, stock: 50 },
  { card: 'jin', subCoin: 90, stock: 20 },
  { card: 'kurogane', subCoin: 260, stock: 6, limit: 2 },
  { card: 'reyna-queen', subCoin: 950, stock: 3 },
];

/** Simple safe HTML of a pack description: a paragraph and a list. Texts above are trusted literals. */
export function detailHtml([lead, points]: [string, string[]]): string {
  return `<p>${lead}</p><ul>${points.map((p) => `<li>${p}</li>`).join('')}</ul>`;
}
