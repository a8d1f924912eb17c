import { describe, expect, it } from 'vitest';
import { roomPassKey, roomPassValid, signRoomPass } from './pass.ts';

describe('a room pass', () => {
  const key = roomPassKey('secret');
  const now = new Date('2026-11-29T20:00:00Z');
  const expires = '2026-11-29T20:05:00.000Z';
  const pass = signRoomPass(key, 7, 42, expires);

  it('is valid for its member and pack until it runs out', () => {
    expect(pass).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(roomPassValid(key, pass, 7, 42, now)).toBe(true);
    expect(roomPassValid(key, pass, 7, 42, new Date(expires))).toBe(false);
  });

  it('cannot serve another member, another pack, another server, nor be lengthened or forged', () => {
    const [expiry, mac] = pass.split('.') as [string, string];
    expect(roomPassValid(key, pass, 7, 43, now)).toBe(false);
    expect(roomPassValid(key, pass, 8, 42, now)).toBe(false);
    expect(roomPassValid(roomPassKey('another'), pass, 7, 42, now)).toBe(false);
    expect(roomPassValid(key, `${Number(expiry) + 60_000}.${mac}`, 7, 42, now)).toBe(false);
    for (const bad of [
      undefined,
      '',
      'x',
      `${expiry}.`,
      `${expiry}.${mac}x`,
      `-1.${mac}`,
      `${expiry}.${mac}.1`,
    ])
      expect(roomPassValid(key, bad, 7, 42, now)).toBe(false);
  });
});
