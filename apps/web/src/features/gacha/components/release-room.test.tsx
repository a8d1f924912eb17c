import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PackDetail } from '@gacha/contract/packs';
import type { RoomStanding } from '@gacha/contract/rooms';
import { fakeApi } from '../../../test/fake-api.ts';
import { dragonPack, silverMember } from '../../../test/pack-fixtures.ts';
import { Landing, loadI18n, renderAt } from '../../../test/render.tsx';
import { PackDetailPage } from '../pages/pack-detail-page.tsx';

/**
 * The release room on the pack page (docs/fairness.md § 10) against a fake API and a stub EventSource: a pack
 * without a room is as before; a guest is asked to sign in; a member joins by themselves once the room opens;
 * the place and the wait after the draw, BUY held until their turn; the pushed standing updates the page, the
 * remaining count and the live odds, and the important changes are announced.
 */

const HOUR = 3_600_000;
const iso = (fromNowMs: number) => new Date(Date.now() + fromNowMs).toISOString();

const pack = dragonPack;

/** The same pack before its start (an hour from now). */
const upcoming: Partial<PackDetail> = { is_before: true, start_at: iso(HOUR), start_date: '' };

const member = silverMember;
const guest = { ...member, is_login: '0' };

const COMMITMENT = '39085b3d00d8739b4270ae9bd67f146db97f3c244c73fc356b2c70cfa9e4f8c5';

/** A room after the draw, the member waiting at place 12 with 3 ahead. */
const waiting: RoomStanding = {
  commitment: COMMITMENT,
  opens_at: '2019-12-31T14:00:00.000Z',
  starts_at: '2019-12-31T15:00:00.000Z',
  drawn: true,
  admitted_places: 8,
  standing: 'waiting',
  place: 12,
  ahead: 3,
  pass_expires_at: null,
  pass: null,
  admit_per_minute: 2,
  paused: false,
  wait_seconds: 90,
  lots_left: 40,
  sold_out: false,
};

const admitted: RoomStanding = {
  ...waiting,
  admitted_places: 12,
  standing: 'admitted',
  ahead: 0,
  wait_seconds: 0,
  pass_expires_at: iso(5 * 60_000),
  pass: 'signed-pass',
};

const odds = {
  pack_id: 7,
  total: 100,
  sold: 60,
  remaining: 40,
  revealed: false,
  tiers: [],
  top_prizes: [],
  last_one: [],
};

/** A stand-in for the browser's EventSource: records each stream, lets the test open it and push events. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readonly url: string;
  readyState = 0;
  closed = false;
  onopen: ((e: Event) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  private listeners = new Map<string, Set<(e: MessageEvent) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(standing: RoomStanding) {
    this.emit('standing', standing);
  }
  emit(type: 'standing' | 'progress', data: object) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
}

/** The one stream open now. */
async function openStream(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.all.filter((s) => !s.closed)).toHaveLength(1));
  const stream = FakeEventSource.all.find((s) => !s.closed)!;
  if (stream.readyState === 0) act(() => stream.open());
  return stream;
}

/** Pushes a standing and lets the query cache tell the page (TanStack Query notifies on a timer). */
async function push(stream: FakeEventSource, standing: RoomStanding) {
  await act(async () => {
    stream.push(standing);
    await new Promise((r) => setTimeout(r, 0));
  });
}

/** What the server counts as left (the pack's answer follows it). */
let left = pack.pack_count;

function shop(
  room: RoomStanding | null,
  extra: Record<string, object> = {},
  detail: Partial<PackDetail> = {},
) {
  left = pack.pack_count;
  return fakeApi({
    'GET user/point': member,
    'GET user/pack/detail/7': () => ({
      pack: { ...pack, pack_count: left, is_sold_out: left === 0, ...detail },
    }),
    'GET user/pack/room/7': { room },
    'GET user/pack/odds/7': odds,
    'POST user/pack/check': { state: 409, message: 'stop here' },
    ...extra,
  });
}

const routes = { '/pack-detail': <PackDetailPage />, '/login': <Landing name="login" /> };
const show = () => renderAt('/pack-detail?packId=7', routes);
const buyButton = () => screen.getByRole('button', { name: 'BUY' }) as HTMLButtonElement;
const panel = () => screen.findByRole('region', { name: 'Release room' });

beforeAll(() => loadI18n('en'));
beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('release room: a pack without one', () => {
  it('shows no panel, opens no stream and keeps BUY as it was', async () => {
    const api = shop(null);
    show();
    await waitFor(() => expect(api.callsTo('GET user/pack/room/7')).toHaveLength(1));
    await waitFor(() => expect(buyButton().disabled).toBe(false));
    expect(screen.queryByTestId('release-room')).toBeNull();
    expect(screen.queryByTestId('room-hold')).toBeNull();
    expect(FakeEventSource.all).toHaveLength(0);
  });
});

describe('release room: a guest', () => {
  it('explains the fair room and offers to sign in, joining nothing', async () => {
    const api = shop(
      { ...waiting, drawn: false, standing: 'not_joined', place: null, ahead: null },
      {
        'GET user/point': guest,
      },
      upcoming,
    );
    show();
    const room = within(await panel());
    expect(await room.findByText(/drawn from a seed the shop committed to in advance/)).toBeTruthy();
    expect(room.getByText(COMMITMENT)).toBeTruthy();
    expect(room.getByRole('link', { name: 'Sign in to join' }).getAttribute('href')).toBe('/login?packId=7');
    const stream = await openStream();
    expect(stream.url).toBe('/api/user/pack/room/7/live');
    expect(api.callsTo('POST user/pack/room/join')).toHaveLength(0);
  });
});

describe('release room: joining', () => {
  const notJoined: RoomStanding = {
    ...waiting,
    drawn: false,
    standing: 'not_joined',
    place: null,
    ahead: null,
    wait_seconds: null,
    starts_at: iso(HOUR),
  };

  it('before the room opens, says when and does not join', async () => {
    const api = shop({ ...notJoined, opens_at: iso(HOUR / 2) }, {}, upcoming);
    show();
    const room = within(await panel());
    expect(await room.findByText(/The room opens on .* \(Japan time\)\. Keep this page open/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('POST user/pack/room/join')).toHaveLength(0);
  });

  it('once open, a member joins by themselves, once, and the stream is opened again for their entry', async () => {
    const api = shop(
      notJoined,
      { 'POST user/pack/room/join': { room: { ...notJoined, standing: 'waiting' } } },
      upcoming,
    );
    show();
    const room = within(await panel());
    expect(await room.findByText(/You are in the room\. At the start/)).toBeTruthy();
    expect(room.getByText(COMMITMENT)).toBeTruthy();
    expect(api.callsTo('POST user/pack/room/join').map((c) => c.payload)).toEqual([{ packId: 7 }]);
    const stream = await openStream();
    expect(FakeEventSource.all.length).toBeGreaterThan(1); // the stream from before the join was closed
    expect(stream.url).toBe('/api/user/pack/room/7/live');
    // an event of an old stream that still says "not joined" does not undo the entry
    await push(stream, notJoined);
    expect(room.getByText(/You are in the room\. At the start/)).toBeTruthy();
    expect(api.callsTo('POST user/pack/room/join')).toHaveLength(1);
  });

  it('a join refused as "not open yet" waits instead of asking again at once', async () => {
    const api = shop(
      notJoined,
      {
        'POST user/pack/room/join': { state: 409, code: 'room_not_open', message: 'not open' },
      },
      upcoming,
    );
    show();
    const room = within(await panel());
    await waitFor(() => expect(api.callsTo('POST user/pack/room/join')).toHaveLength(1));
    expect(await room.findByText('Joining the room…')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1200));
    expect(api.callsTo('POST user/pack/room/join')).toHaveLength(1);
    expect(room.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('release room: after the draw', () => {
  it('waiting: the place, who is ahead and the wait; BUY held with the reason', async () => {
    shop(waiting);
    show();
    const room = within(await panel());
    expect((await room.findByTestId('room-place')).textContent).toBe('12');
    expect(room.getByTestId('room-ahead').textContent).toBe('3');
    expect(room.getByTestId('room-wait').textContent).toBe('about 2 min');
    expect(room.getByTestId('room-lots-left').textContent).toBe('40');
    expect(room.queryByText(COMMITMENT)).toBeNull();
    expect(buyButton().disabled).toBe(true);
    const reason = screen.getByTestId('room-hold');
    expect(reason.textContent).toBe('You can buy when it is your turn in the release room.');
    expect(buyButton().getAttribute('aria-describedby')).toBe(reason.id);
    expect(screen.queryByLabelText('Number of plays')).toBeNull();
  });

  it('paused: says so and hides the wait', async () => {
    shop({ ...waiting, paused: true, wait_seconds: null });
    show();
    const room = within(await panel());
    expect(await room.findByText('Admission is paused for now. Your place is kept.')).toBeTruthy();
    expect(room.queryByTestId('room-wait')).toBeNull();
  });

  it('admitted: the turn with its end and countdown, and the buy box works', async () => {
    const api = shop(admitted);
    const user = userEvent.setup();
    show();
    const turn = within(await screen.findByTestId('room-turn'));
    expect(turn.getByText(/^It's your turn — buy before \d\d:\d\d:\d\d \(Japan time\)$/)).toBeTruthy();
    expect(turn.getByRole('timer').textContent).toMatch(/^Time left00\.0[45]\.\d\d$/);
    await waitFor(() => expect(buyButton().disabled).toBe(false));
    expect(screen.queryByTestId('room-hold')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Number of plays'), '2');
    await user.click(buyButton());
    // the check carries the member's signed pass
    expect(api.callsTo('POST user/pack/check').map((c) => c.payload)).toEqual([
      { packId: 7, count: '2', roomPass: 'signed-pass' },
    ]);
  });

  it('a check refused for want of a pass reads the room and sends once more with the pass it holds', async () => {
    let reads = 0;
    const api = shop(null, {
      'GET user/pack/room/7': () => ({
        room: { ...admitted, pass: reads++ === 0 ? 'old-pass' : 'new-pass' },
      }),
      'POST user/pack/check': (call: { payload: unknown }) =>
        (call.payload as { roomPass?: string }).roomPass === 'new-pass'
          ? { state: 409, message: 'stop here' }
          : { state: 403, reason: 'room_pass_required', message: 'Wait for your turn.' },
    });
    const user = userEvent.setup();
    show();
    await screen.findByTestId('room-turn');
    await waitFor(() => expect(buyButton().disabled).toBe(false));
    await user.click(buyButton());
    await waitFor(() => expect(api.callsTo('POST user/pack/check')).toHaveLength(2));
    expect(
      api.callsTo('POST user/pack/check').map((c) => (c.payload as { roomPass: string }).roomPass),
    ).toEqual(['old-pass', 'new-pass']);
    expect(await screen.findByText('stop here')).toBeTruthy();
  });

  it('pass expired: says so politely, BUY held', async () => {
    shop({ ...admitted, standing: 'pass_expired', pass_expires_at: iso(-60_000) });
    show();
    const room = within(await panel());
    expect(await room.findByText(/Your pass ran out\. Each member has one turn/)).toBeTruthy();
    expect(buyButton().disabled).toBe(true);
    expect(screen.getByTestId('room-hold').textContent).toBe('Your pass in the release room ran out.');
  });
});

describe('release room: the pushed standing', () => {
  it('moves the member to their turn, announces it, and enables BUY', async () => {
    shop(waiting);
    show();
    await panel();
    const stream = await openStream();
    await waitFor(() => expect(screen.getByTestId('room-place').textContent).toBe('12'));
    expect(buyButton().disabled).toBe(true);

    await push(stream, { ...waiting, admitted_places: 10, ahead: 1, wait_seconds: 30 });
    expect(screen.getByTestId('room-ahead').textContent).toBe('1');
    expect(screen.getByTestId('room-wait').textContent).toBe('about 30 s');
    // a step of the place is not worth a word yet
    expect(screen.getByTestId('room-news').textContent).toBe('');

    await push(stream, admitted);
    expect(await screen.findByTestId('room-turn')).toBeTruthy();
    await waitFor(() => expect(buyButton().disabled).toBe(false));
    expect(screen.getByTestId('room-news').textContent).toMatch(/^It's your turn — buy before/);
  });

  it("counts the place down from the room's progress, the same message for everyone", async () => {
    shop(waiting);
    show();
    await panel();
    const stream = await openStream();
    await waitFor(() => expect(screen.getByTestId('room-ahead').textContent).toBe('3'));
    await act(async () => {
      stream.emit('progress', {
        drawn: true,
        admitted_places: 10,
        admit_per_minute: 2,
        paused: false,
        lots_left: 39,
        sold_out: false,
      });
      await new Promise((r) => setTimeout(r, 0));
    });
    // place 12 with 10 admitted: one ahead, two places at two a minute
    expect(screen.getByTestId('room-ahead').textContent).toBe('1');
    expect(screen.getByTestId('room-wait').textContent).toBe('about 1 min');
    expect(screen.getByTestId('room-lots-left').textContent).toBe('39');
  });

  it('tells those waiting the sale sold out, and the page counts follow the lots left', async () => {
    const api = shop(waiting);
    show();
    await panel();
    const stream = await openStream();
    await waitFor(() => expect(api.callsTo('GET user/pack/odds/7')).toHaveLength(1));

    left = 25;
    await push(stream, { ...waiting, lots_left: 25 });
    expect(screen.getByTestId('room-lots-left').textContent).toBe('25');
    expect(screen.getByTestId('remaining').textContent).toBe('25 / 100');
    // the live odds are read on the push (they poll no more while the stream is open)
    await waitFor(() => expect(api.callsTo('GET user/pack/odds/7')).toHaveLength(2));

    left = 0;
    await push(stream, { ...waiting, lots_left: 0, sold_out: true });
    const room = within(await panel());
    expect(room.getByTestId('room-sold-out').textContent).toBe('Sold out — every lot has been drawn.');
    expect(room.queryByTestId('room-place')).toBeNull();
    expect(screen.getByTestId('room-news').textContent).toBe('Sold out — every lot has been drawn.');
    expect(screen.getByTestId('remaining').textContent).toBe('0 / 100');
    // nothing more can change: the stream is closed
    await waitFor(() => expect(stream.closed).toBe(true));
  });

  it('announces a pause and a resume', async () => {
    shop(waiting);
    show();
    await panel();
    const stream = await openStream();
    await waitFor(() => expect(screen.getByTestId('room-place').textContent).toBe('12'));
    await push(stream, { ...waiting, paused: true, wait_seconds: null });
    expect(screen.getByTestId('room-news').textContent).toBe('Admission is paused.');
    await push(stream, waiting);
    expect(screen.getByTestId('room-news').textContent).toBe('Admission has resumed.');
  });

  it('closes the stream when the page goes', async () => {
    shop(waiting);
    const view = show();
    await panel();
    const stream = await openStream();
    view.unmount();
    expect(stream.closed).toBe(true);
  });
});
