import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PackDetail } from '@gacha/contract/packs';
import { roomCommitment, roomOrder } from '@gacha/contract/room-order';
import type { RoomRecord, RoomStanding } from '@gacha/contract/rooms';
import { dragonPack } from '../../../test/pack-fixtures.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { loadI18n, renderAt } from '../../../test/render.tsx';
import { ReleaseRoom } from '../components/release-room.tsx';
import { RoomRecordPage } from './room-record-page.tsx';

/**
 * A release room's public record page (docs/fairness.md § 10) against a fake API: a sealed record (no seed, no
 * check, the member's own entry marked and reachable), a revealed one that the in-page check (contract verifyRoom)
 * finds right, a tampered one it finds wrong, a pack without a room, and the page in Japanese. The pack page's
 * release room links to it.
 */

const pack: PackDetail = {
  ...dragonPack,
  start_date: '2026/11/20 12:00',
  start_at: '2026-11-20T03:00:00.000Z',
  end_at: '2026-12-01T03:00:00.000Z',
};

// a real draw: 57 members in the room at the start, 3 who joined later; the member's entry has place 55 (page 2)
const seed = '0123456789abcdef'.repeat(4);
const atStart = Array.from({ length: 57 }, (_, i) => i + 1);
const order = roomOrder(seed, atStart, [58, 59, 60]);
const MY_PLACE = 55;
const entries: RoomRecord['entries'] = order.map((arrival, i) => ({
  arrival,
  place: i + 1,
  at_start: arrival <= 57,
  // the first 40 places admitted, a minute apart from 12:00 (Japan time)
  admitted_at: i < 40 ? new Date(Date.UTC(2026, 10, 20, 3, i)).toISOString() : null,
  mine: i + 1 === MY_PLACE,
}));

const record = (over: Partial<RoomRecord> = {}): RoomRecord => ({
  pack_id: 7,
  commitment: roomCommitment(seed),
  seed,
  revealed: true,
  entries,
  ...over,
});
const sealed = () => record({ seed: null, revealed: false });

const member = {
  is_login: '1',
  point: 30000,
  coin: 0,
  coin_tenths: 0,
  rank: 1,
  rank_name: 'White',
  lang: 'en',
};

const URL_OF_RECORD = `${window.location.origin}/api/user/pack/room/7/record`;

function renderRecord(answer: object, url = '/pack-detail/room?packId=7') {
  const api = fakeApi({
    'GET user/point': member,
    'GET user/pack/detail/7': { pack },
    'GET user/pack/room/7/record': answer,
  });
  const view = renderAt(url, { '/pack-detail/room': <RoomRecordPage /> });
  return { api, view };
}

// plain selectors: role queries over a table of 50 rows are slow in jsdom
const bodyRows = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')];
const columnHeads = (table: HTMLElement) =>
  [...table.querySelectorAll('thead th[scope="col"]')].map((h) => h.textContent);
const rowHead = (row: Element) => row.querySelector('th[scope="row"]')!;

describe('the room record page', () => {
  beforeAll(() => loadI18n('en'));

  it('before the reveal: the commitment, when the seed comes, no check, and the verifier’s command', async () => {
    renderRecord(sealed());
    const panel = (await screen.findByRole('heading', { name: 'The seed is sealed' })).closest('section')!;
    expect(screen.getByRole('heading', { name: 'Release room record', level: 1 })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(crumbs).findByRole('link', { name: 'Dragon Pack' })).toBeTruthy();
    expect(within(panel).getByTestId('room-commitment').textContent).toBe(roomCommitment(seed));
    expect(within(panel).queryByTestId('room-seed')).toBeNull();
    expect(
      within(panel).getByText(/when its sale ends \(1 Dec 2026, 12:00, Japan time\) at the latest/),
    ).toBeTruthy();
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(within(panel).getByTestId('room-sealed').textContent).toContain('once the room closes');
    expect(within(panel).getByText(`node tools/verify-room.mjs ${URL_OF_RECORD}`)).toBeTruthy();
  });

  it('the order of entry, 50 places a page, the member’s own entry marked and one click away', async () => {
    renderRecord(sealed());
    const table = await screen.findByTestId('room-record');
    expect(columnHeads(table)).toEqual(['Place', 'Arrival no.', 'Came in', 'Admitted (Japan time)']);
    expect(screen.getByTestId('room-summary').textContent).toBe(
      '60 entries: 57 in the room at the start, 3 joined later.',
    );
    let rows = bodyRows(table);
    expect(rows).toHaveLength(50);
    expect(rows[0]!.textContent).toBe(`1${order[0]}At the start20 Nov 2026, 12:00`);
    expect(rows[45]!.textContent).toBe(`46${order[45]}At the start—Not admitted`);
    expect(rows[45]!.querySelector('[aria-hidden="true"]')?.textContent).toBe('—');
    expect(table.textContent).not.toContain('You');

    // "Your place" above the table goes to the entry's page and to its row
    const yourPlace = screen.getByTestId('room-your-place');
    expect(yourPlace.textContent).toContain('Your place: 55');
    await userEvent.click(within(yourPlace).getByRole('button', { name: 'Show my entry' }));
    rows = bodyRows(screen.getByTestId('room-record'));
    expect(rows).toHaveLength(10);
    expect(rows[9]!.textContent).toBe('6060Joined later—Not admitted');
    const mine = rows.find((r) => r.textContent?.includes('You'))!;
    expect(rowHead(mine).textContent).toBe('55 You(your entry)');
    expect(mine.querySelector('[aria-hidden="true"]')?.textContent).toBe('You');
    expect(mine.className).toMatch(/mine/);
    // (a boolean: a failing comparison of two elements would print the whole page)
    await waitFor(() => expect(document.activeElement === rowHead(mine)).toBe(true));
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('a guest sees no marked entry and no "Your place"; before the draw, when the order is drawn', async () => {
    const first = renderRecord(record({ entries: entries.map((e) => ({ ...e, mine: false })) }));
    await screen.findByTestId('room-record');
    expect(screen.queryByTestId('room-your-place')).toBeNull();
    expect(screen.queryByText('(your entry)')).toBeNull();
    first.view.unmount();

    renderRecord(record({ seed: null, revealed: false, entries: [] }));
    expect(
      await screen.findByText(
        /The order is drawn at the start of the sale \(20 Nov 2026, 12:00, Japan time\)/,
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('room-record')).toBeNull();
  });

  it('after the reveal, the check finds every place the seed’s and the commitment opened', async () => {
    renderRecord(record());
    expect(await screen.findByRole('heading', { name: 'The order beside the revealed seed' })).toBeTruthy();
    expect(screen.getByTestId('room-seed').textContent).toBe(seed);
    const status = screen.getByTestId('room-check');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Check the order' }));
    expect(status.textContent).toBe(
      'All 60 places match the order the seed gives, and the seed opens the commitment.',
    );
    expect(screen.getByText(`node tools/verify-room.mjs ${URL_OF_RECORD}`)).toBeTruthy();
  });

  it('a tampered record: two places swapped, or a seed that does not open the commitment', async () => {
    const swapped = entries.map((e) =>
      e.place === 1 ? { ...e, arrival: order[1]! } : e.place === 2 ? { ...e, arrival: order[0]! } : e,
    );
    const first = renderRecord(record({ entries: swapped }));
    await userEvent.click(await screen.findByRole('button', { name: 'Check the order' }));
    expect(screen.getByTestId('room-check').textContent).toBe(
      "2 of 60 places do not hold the arrival number the seed's order puts there.",
    );
    first.view.unmount();

    renderRecord(record({ commitment: roomCommitment('f'.repeat(64)) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Check the order' }));
    expect(screen.getByTestId('room-check').textContent).toBe('The seed does not open the commitment.');
  });

  it('a pack without a room, or a bad id, shows the page unavailable', async () => {
    const first = renderRecord({ state: 404, code: 'room_not_found', message: 'No room.' });
    expect((await screen.findByRole('alert')).textContent).toContain('This pack has no release room.');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    first.view.unmount();

    const { api } = renderRecord(record(), '/pack-detail/room?packId=abc');
    expect((await screen.findByRole('alert')).textContent).toContain('This pack has no release room.');
    expect(api.callsTo('GET user/pack/room/abc/record')).toHaveLength(0);
  });

  it('the pack page’s release room links to the record', async () => {
    const room: RoomStanding = {
      commitment: roomCommitment(seed),
      opens_at: '2019-12-31T14:00:00.000Z',
      starts_at: '2019-12-31T15:00:00.000Z',
      drawn: true,
      admitted_places: 8,
      standing: 'not_joined',
      place: null,
      ahead: null,
      pass_expires_at: null,
      pass: null,
      admit_per_minute: 2,
      paused: false,
      wait_seconds: null,
      lots_left: 40,
      sold_out: false,
    };
    fakeApi({});
    renderAt('/pack-detail?packId=7', {
      '/pack-detail': (
        <ReleaseRoom
          room={room}
          member={false}
          loginPath="/login?packId=7"
          join={{ status: 'idle', retry: () => {} }}
        />
      ),
    });
    expect((await screen.findByRole('link', { name: "The room's public record" })).getAttribute('href')).toBe(
      '/pack-detail/room?packId=7',
    );
  });
});

describe('the room record page in Japanese', () => {
  beforeAll(() => loadI18n('ja'));
  afterAll(() => loadI18n('en'));

  it('says it all in Japanese, and checks the order', async () => {
    renderRecord(record());
    expect(await screen.findByRole('heading', { name: '待機室の公開記録', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '入場順と公開されたシード' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '入場順' })).toBeTruthy();
    const table = screen.getByTestId('room-record');
    expect(columnHeads(table)).toEqual(['順番', '受付番号', '入室', '入場日時（日本時間）']);
    expect(bodyRows(table)[0]!.textContent).toBe(`1${order[0]}開始時に在室2026年11月20日 12:00`);
    expect(screen.getByTestId('room-summary').textContent).toBe(
      '全60件：販売開始時に待機室にいた方57件、開始後に入室した方3件。',
    );
    expect(screen.getByTestId('room-your-place').textContent).toContain('あなたの順番：55番目');
    await userEvent.click(screen.getByRole('button', { name: '表で自分の順番を見る' }));
    const mine = bodyRows(screen.getByTestId('room-record')).find((r) => r.textContent?.includes('あなた'))!;
    expect(rowHead(mine).textContent).toBe('55 あなた（あなたのエントリー）');
    expect(bodyRows(screen.getByTestId('room-record'))[9]!.textContent).toBe('6060開始後に入室—未入場');
    await userEvent.click(screen.getByRole('button', { name: '入場順を照合する' }));
    expect(screen.getByTestId('room-check').textContent).toBe(
      '60件すべての順番がシードによる入場順と一致し、シードもコミットメントと一致しました。',
    );
  });
});
