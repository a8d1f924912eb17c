/**
 * Katakana (full- or half-width) to Hepburn romaji, the way Japan Post spells place names: long vowels are
 * not marked (トウキョウ → tokyo, チュウオウ → chuo, オオサカ → osaka), ン is always n. Used by the data
 * generators only; the server reads the generated names.
 */

const DIGRAPHS: Record<string, string> = {
  キャ: 'kya',
  キュ: 'kyu',
  キョ: 'kyo',
  シャ: 'sha',
  シュ: 'shu',
  シェ: 'she',
  ショ: 'sho',
  チャ: 'cha',
  チュ: 'chu',
  チェ: 'che',
  チョ: 'cho',
  ニャ: 'nya',
  ニュ: 'nyu',
  ニョ: 'nyo',
  ヒャ: 'hya',
  ヒュ: 'hyu',
  ヒョ: 'hyo',
  ミャ: 'mya',
  ミュ: 'myu',
  ミョ: 'myo',
  リャ: 'rya',
  リュ: 'ryu',
  リョ: 'ryo',
  ギャ: 'gya',
  ギュ: 'gyu',
  ギョ: 'gyo',
  ジャ: 'ja',
  ジュ: 'ju',
  ジェ: 'je',
  ジョ: 'jo',
  ヂャ: 'ja',
  ヂュ: 'ju',
  ヂョ: 'jo',
  ビャ: 'bya',
  ビュ: 'byu',
  ビョ: 'byo',
  ピャ: 'pya',
  ピュ: 'pyu',
  ピョ: 'pyo',
  ファ: 'fa',
  フィ: 'fi',
  フェ: 'fe',
  フォ: 'fo',
  ティ: 'ti',
  ディ: 'di',
  デュ: 'dyu',
  ウィ: 'wi',
  ウェ: 'we',
  ウォ: 'wo',
  ヴァ: 'va',
  ヴィ: 'vi',
  ヴェ: 've',
  ヴォ: 'vo',
  ツァ: 'tsa',
  ツォ: 'tso',
};

const MONOGRAPHS: Record<string, string> = {
  ア: 'a',
  イ: 'i',
  ウ: 'u',
  エ: 'e',
  オ: 'o',
  カ: 'ka',
  キ: 'ki',
  ク: 'ku',
  ケ: 'ke',
  コ: 'ko',
  サ: 'sa',
  シ: 'shi',
  ス: 'su',
  セ: 'se',
  ソ: 'so',
  タ: 'ta',
  チ: 'chi',
  ツ: 'tsu',
  テ: 'te',
  ト: 'to',
  ナ: 'na',
  ニ: 'ni',
  ヌ: 'nu',
  ネ: 'ne',
  ノ: 'no',
  ハ: 'ha',
  ヒ: 'hi',
  フ: 'fu',
  ヘ: 'he',
  ホ: 'ho',
  マ: 'ma',
  ミ: 'mi',
  ム: 'mu',
  メ: 'me',
  モ: 'mo',
  ヤ: 'ya',
  ユ: 'yu',
  ヨ: 'yo',
  ラ: 'ra',
  リ: 'ri',
  ル: 'ru',
  レ: 're',
  ロ: 'ro',
  ワ: 'wa',
  ヰ: 'i',
  ヱ: 'e',
  ヲ: 'o',
  ン: 'n',
  ガ: 'ga',
  ギ: 'gi',
  グ: 'gu',
  ゲ: 'ge',
  ゴ: 'go',
  ザ: 'za',
  ジ: 'ji',
  ズ: 'zu',
  ゼ: 'ze',
  ゾ: 'zo',
  ダ: 'da',
  ヂ: 'ji',
  ヅ: 'zu',
  デ: 'de',
  ド: 'do',
  バ: 'ba',
  ビ: 'bi',
  ブ: 'bu',
  ベ: 'be',
  ボ: 'bo',
  パ: 'pa',
  ピ: 'pi',
  プ: 'pu',
  ペ: 'pe',
  ポ: 'po',
  ヴ: 'vu',
  ァ: 'a',
  ィ: 'i',
  ゥ: 'u',
  ェ: 'e',
  ォ: 'o',
  ャ: 'ya',
  ュ: 'yu',
  ョ: 'yo',
  ヵ: 'ka',
  ヶ: 'ke',
};

/** Half-width to full-width katakana (NFKC composes ｶﾞ into ガ) and hiragana to katakana. */
export function toKatakana(s: string): string {
  return s.normalize('NFKC').replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}

/** Lower-case romaji of a katakana reading, long vowels unmarked. */
export function kanaToRomaji(kana: string): string {
  const s = toKatakana(kana);
  let out = '';
  let geminate = false;
  for (let i = 0; i < s.length;) {
    const two = s.slice(i, i + 2);
    const one = s[i]!;
    let syl: string | undefined;
    if (DIGRAPHS[two]) {
      syl = DIGRAPHS[two];
      i += 2;
    } else if (one === 'ッ') {
      geminate = true;
      i += 1;
      continue;
    } else if (one === 'ー') {
      i += 1;
      continue;
    } else {
      syl = MONOGRAPHS[one] ?? (/[\s・･]/.test(one) ? ' ' : one.toLowerCase());
      i += 1;
    }
    if (geminate) {
      out += syl.startsWith('ch') ? 't' : /^[a-z]/.test(syl) && !/^[aeiou]/.test(syl) ? syl[0] : '';
      geminate = false;
    }
    out += syl;
  }
  // Japan Post style: no long vowels (ou, oo, uu → o, o, u); n before a vowel or y stays n
  return out.replace(/ou/g, 'o').replace(/oo/g, 'o').replace(/uu/g, 'u');
}

const capitalise = (s: string) =>
  s.replace(/(^|[\s-])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase());

/** Readings of the suffixes of Japanese municipality names, and how they are written in romaji. */
const SUFFIXES: Record<string, readonly (readonly [string, string])[]> = {
  都: [['ト', 'to']],
  道: [['ドウ', 'do']],
  府: [['フ', 'fu']],
  県: [['ケン', 'ken']],
  郡: [['グン', 'gun']],
  市: [['シ', 'shi']],
  区: [['ク', 'ku']],
  町: [
    ['チョウ', 'cho'],
    ['マチ', 'machi'],
  ],
  村: [
    ['ムラ', 'mura'],
    ['ソン', 'son'],
  ],
};

/** One name segment: 'チヨダク' for 千代田区 → 'Chiyoda-ku'. Returns null when the reading does not fit. */
function segmentRomaji(kanji: string, kana: string): string | null {
  const suffix = SUFFIXES[kanji.slice(-1)];
  if (!suffix) return capitalise(kanaToRomaji(kana));
  for (const [reading, romaji] of suffix) {
    if (kana.endsWith(reading) && kana.length > reading.length) {
      return `${capitalise(kanaToRomaji(kana.slice(0, -reading.length)))}-${romaji}`;
    }
  }
  return null;
}

/**
 * Romaji of a municipality name from its kanji and katakana reading, with Japan Post's structure:
 * 札幌市中央区 / サッポロシチュウオウク → 'Sapporo-shi Chuo-ku', 余市郡余市町 → 'Yoichi-gun Yoichi-cho'.
 */
export function placeRomaji(kanji: string, reading: string): string {
  const kana = toKatakana(reading).replace(/\s/g, '');
  const parts = /^(.+郡)(.+[町村])$/.exec(kanji) ?? /^(.+市)(.+区)$/.exec(kanji);
  if (parts) {
    const [, first, second] = parts as unknown as [string, string, string];
    const firstReadings = SUFFIXES[first.slice(-1)]!;
    let best: { text: string; score: number } | null = null;
    for (let p = 2; p < kana.length - 1; p++) {
      const head = kana.slice(0, p);
      if (!firstReadings.some(([r]) => head.endsWith(r))) continue;
      const a = segmentRomaji(first, head);
      const b = segmentRomaji(second, kana.slice(p));
      if (!a || !b) continue;
      // prefer the split whose kana-per-kanji ratio is most alike on both sides
      const score = Math.abs(head.length / first.length - (kana.length - p) / second.length);
      if (!best || score < best.score) best = { text: `${a} ${b}`, score };
    }
    if (best) return best.text;
  }
  return segmentRomaji(kanji, kana) ?? capitalise(kanaToRomaji(kana));
}
