import { describe, expect, it } from 'vitest';
import type { RoomStanding } from '@gacha/contract/rooms';
import {
  jstClockTime,
  NO_NEWS,
  PLACE_NEWS_MIN_MS,
  roomHold,
  roomNews,
  waitParts,
  type NewsState,
} from './room.ts';

const waiting: RoomStanding = {
  commitment: 'c',
  opens_at: '2025-10-10T10:00:00.000Z',
  starts_at: '2025-10-10T12:00:00.000Z',
  drawn: true,
  admitted_places: 100,
  standing: 'waiting',
  place: 400,
  ahead: 299,
  pass_expires_at: null,
  pass: null,
  admit_per_minute: 60,
  paused: false,
  wait_seconds: 300,
  lots_left: 50,
  sold_out: false,
};

/** Feeds standings at the given times; answers each step's news kind (or null). */
function feed(steps: Array<[number, Partial<RoomStanding>]>, from: NewsState = NO_NEWS) {
  let state = from;
  return steps.map(([at, change]) => {
    const step = roomNews(state, { ...waiting, ...change }, at);
    state = step.state;
    return step.news;
  });
}

describe('roomHold', () => {
  it('holds a member until their pass, never a guest nor a pack without a room', () => {
    expect(roomHold(null, true, false)).toBeNull();
    expect(roomHold(waiting, false, false)).toBeNull();
    expect(roomHold({ ...waiting, standing: 'not_joined' }, true, false)).toBe('join');
    expect(roomHold(waiting, true, false)).toBe('wait');
    expect(roomHold({ ...waiting, standing: 'admitted' }, true, true)).toBeNull();
    expect(roomHold({ ...waiting, standing: 'admitted' }, true, false)).toBe('expired');
    expect(roomHold({ ...waiting, standing: 'pass_expired' }, true, false)).toBe('expired');
  });
});

describe('waitParts and jstClockTime', () => {
  it('words a wait in seconds under a minute, else in whole minutes rounded up', () => {
    expect(waitParts(0)).toEqual({ unit: 'seconds', count: 1 });
    expect(waitParts(45)).toEqual({ unit: 'seconds', count: 45 });
    expect(waitParts(60)).toEqual({ unit: 'minutes', count: 1 });
    expect(waitParts(61)).toEqual({ unit: 'minutes', count: 2 });
  });

  it('gives a moment as HH:MM:SS in Japan time', () => {
    expect(jstClockTime('2025-10-10T12:05:09.000Z')).toBe('21:05:09');
    expect(jstClockTime('nonsense')).toBe('');
  });
});

describe('roomNews', () => {
  it('says nothing of the first standing (it is on screen)', () => {
    expect(feed([[0, {}]])).toEqual([null]);
  });

  it('always tells the turn, a pass run out, a pause, a resume and a sale sold out', () => {
    const news = feed([
      [0, {}],
      [1, { paused: true, wait_seconds: null }],
      [2, {}],
      [3, { standing: 'admitted', pass_expires_at: '2025-10-10T12:10:00.000Z', ahead: 0 }],
      [4, { standing: 'pass_expired', pass_expires_at: '2025-10-10T12:10:00.000Z' }],
    ]);
    expect(news.map((n) => n?.kind ?? null)).toEqual([null, 'paused', 'resumed', 'admitted', 'expired']);
    expect(
      feed([
        [0, {}],
        [1, { lots_left: 0, sold_out: true }],
      ])[1],
    ).toEqual({ kind: 'soldOut' });
  });

  it('tells the place when drawn, then only when the wait moves a minute, at most every 30 s', () => {
    const beforeDraw = { drawn: false, place: null, ahead: null, wait_seconds: null };
    const news = feed([
      [0, { standing: 'not_joined', ...beforeDraw }],
      [1_000, beforeDraw], // joined
      [2_000, { wait_seconds: 300 }], // drawn: the place
      [3_000, { ahead: 298, wait_seconds: 299 }], // the same minute, too soon
      [20_000, { ahead: 280, wait_seconds: 240 }], // another minute, but too soon
      [2_000 + PLACE_NEWS_MIN_MS, { ahead: 270, wait_seconds: 230 }], // another minute, 30 s after the last: told
      [40_000, { ahead: 260, wait_seconds: 220 }], // the minute just told
      [95_000, { ahead: 200, wait_seconds: 170 }], // another minute, long after: told
    ]);
    expect(news.map((n) => n?.kind ?? null)).toEqual([
      null,
      'joined',
      'place',
      null,
      null,
      'place',
      null,
      'place',
    ]);
    expect(news[2]).toEqual({ kind: 'place', place: 400, ahead: 299, waitSeconds: 300 });
    expect(news[7]).toEqual({ kind: 'place', place: 400, ahead: 200, waitSeconds: 170 });
  });

  it('does not tell the place while admission is paused', () => {
    const news = feed([
      [0, {}],
      [1, { paused: true, wait_seconds: null }],
      [PLACE_NEWS_MIN_MS * 3, { paused: true, wait_seconds: null, ahead: 250 }],
    ]);
    expect(news.map((n) => n?.kind ?? null)).toEqual([null, 'paused', null]);
  });
});
