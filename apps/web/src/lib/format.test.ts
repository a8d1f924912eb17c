import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCoinTenths,
  formatCoins,
  formatCountdown,
  formatDate,
  isoDate,
  formatDateTime,
  formatGems,
  formatName,
  formatYen,
  isWithin,
  parseJstDateTime,
} from './format.ts';

describe('formatDate (a day in Japan time nobody can misread)', () => {
  it('formats a UTC instant as the Japanese calendar day', () => {
    expect(formatDate(new Date('2025-10-09T12:00:00Z'), 'en')).toBe('9 Oct 2025');
    // 15:00 UTC is already the next day in Japan
    expect(formatDate(new Date('2025-10-09T15:00:00Z'), 'en')).toBe('10 Oct 2025');
    expect(formatDate('2025-12-31T14:59:59Z', 'ja')).toBe('2025/12/31');
    expect(formatDate('2025-12-31T15:00:00Z', 'ja')).toBe('2026/01/01');
  });

  it("reads the API's yy/mm/dd: a day month year in English, the four-digit year first in Japanese", () => {
    expect(formatDate('26/12/28', 'en')).toBe('28 Dec 2026');
    expect(formatDate('26/12/28', 'ja')).toBe('2026/12/28');
    expect(formatDate('25/01/05', 'en')).toBe('5 Jan 2025');
    expect(isoDate('26/12/28')).toBe('2026-12-28');
  });

  it('reads zone-less wall-clock strings as Japan time', () => {
    expect(formatDate('2025-01-05 00:30:00', 'ja')).toBe('2025/01/05');
    expect(formatDate('2025/3/7', 'en')).toBe('7 Mar 2025');
  });

  it('returns an empty string for nothing or garbage', () => {
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('not a date', 'ja')).toBe('');
    expect(formatDate(Number.NaN, 'en')).toBe('');
    expect(isoDate('not a date')).toBe('');
  });
});

describe('formatDateTime (a moment nobody can misread, in Japan time)', () => {
  it('writes the month as a word in English and with 年月日 in Japanese, with a four-digit year', () => {
    expect(formatDateTime('2025-10-09T13:00:00Z', 'en')).toBe('9 Oct 2025, 22:00');
    expect(formatDateTime('2025-10-09T13:00:00Z', 'ja')).toBe('2025年10月9日 22:00');
    expect(formatDateTime('2026-11-24 01:40:00', 'en')).toBe('24 Nov 2026, 01:40');
    expect(formatDateTime('2026-11-24 01:40', 'ja')).toBe('2026年11月24日 01:40');
  });

  it('returns an empty string for nothing or garbage', () => {
    expect(formatDateTime('', 'en')).toBe('');
    expect(formatDateTime(null, 'ja')).toBe('');
    expect(formatDateTime('soon', 'en')).toBe('');
  });
});

describe('formatName (one order per language)', () => {
  const name = { lastName: 'Ux', middleName: '', firstName: 'Tester' };
  it('puts the first name first in English and the family name first in Japanese', () => {
    expect(formatName(name, 'en')).toBe('Tester Ux');
    expect(formatName(name, 'ja')).toBe('Ux Tester');
    expect(formatName({ lastName: '山田', firstName: '太郎' }, 'ja')).toBe('山田 太郎');
  });
  it('keeps a middle name in the middle and skips empty parts', () => {
    expect(formatName({ lastName: 'Doe', middleName: 'Q', firstName: 'Jane' }, 'en')).toBe('Jane Q Doe');
    expect(formatName({ lastName: 'Doe', middleName: ' ', firstName: 'Jane' }, 'ja')).toBe('Doe Jane');
  });
});

describe('parseJstDateTime', () => {
  it('treats the wall clock as UTC+9', () => {
    expect(parseJstDateTime('2025-10-09 22:00:00')?.toISOString()).toBe('2025-10-09T13:00:00.000Z');
    expect(parseJstDateTime('2025-10-11 09:00')?.toISOString()).toBe('2025-10-11T00:00:00.000Z');
  });
  it('refuses other shapes', () => {
    expect(parseJstDateTime('2025-10-09T13:00:00Z')).toBeNull();
    expect(parseJstDateTime('yesterday')).toBeNull();
  });
});

describe('money and balances', () => {
  it('prints yen with the yen sign and thousands separators', () => {
    expect(formatYen(1000)).toBe('¥1,000');
    expect(formatYen(0)).toBe('¥0');
    expect(formatYen(50000)).toBe('¥50,000');
    expect(formatYen(1234567)).toBe('¥1,234,567');
    expect(formatYen(-300)).toBe('-¥300');
    expect(formatYen(99.6)).toBe('¥100');
  });

  it('prints gems as whole numbers', () => {
    expect(formatGems(12500)).toBe('12,500');
    expect(formatGems(0)).toBe('0');
  });

  it('prints coins with one decimal only where fractional', () => {
    expect(formatCoinTenths(125)).toBe('12.5');
    expect(formatCoinTenths(120)).toBe('12');
    expect(formatCoinTenths(12345)).toBe('1,234.5');
    expect(formatCoinTenths(1)).toBe('0.1');
    expect(formatCoins(0.30000000000000004)).toBe('0.3');
    expect(formatCoins(5000)).toBe('5,000');
  });

  it('groups as Intl.NumberFormat does, which it no longer loads', () => {
    const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(formatGems(n)).toBe(whole.format(n));
        expect(formatYen(n)).toBe(n < 0 ? `-¥${whole.format(-n)}` : `¥${whole.format(n)}`);
        expect(formatCoinTenths(n)).toBe(n % 10 === 0 ? whole.format(n / 10) : oneDecimal.format(n / 10));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatCountdown (HH.MM.SS)', () => {
  it('pads hours, minutes and seconds', () => {
    expect(formatCountdown(0)).toBe('00.00.00');
    expect(formatCountdown(1000)).toBe('00.00.01');
    expect(formatCountdown((1 * 3600 + 2 * 60 + 3) * 1000)).toBe('01.02.03');
    expect(formatCountdown((23 * 3600 + 59 * 60 + 59) * 1000 + 999)).toBe('23.59.59');
  });
  it('lets hours run past a day and never goes negative', () => {
    expect(formatCountdown(125 * 3600 * 1000)).toBe('125.00.00');
    expect(formatCountdown(-5000)).toBe('00.00.00');
  });
});

describe('isWithin', () => {
  const start = new Date('2025-01-01T00:00:00Z');
  const end = new Date('2025-01-02T00:00:00Z');
  it('includes the start and excludes the end', () => {
    expect(isWithin(start, start, end)).toBe(true);
    expect(isWithin(new Date(end.getTime() - 1), start, end)).toBe(true);
    expect(isWithin(end, start, end)).toBe(false);
    expect(isWithin(new Date(start.getTime() - 1), start, end)).toBe(false);
  });
});
