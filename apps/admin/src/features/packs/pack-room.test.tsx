import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, meAs } from '../../test/fake-api.ts';
import { renderConsole } from '../../test/render.tsx';
import { cardTypes } from '../../test/card-type-fixture.ts';
import { ROOM_LIVE_MS, packRoomKey } from './pack-room.tsx';
import { adminPack } from '../../test/pack-fixture.ts';

/**
 * A pack's release room on /admin/packs/{id} (pack-room.tsx): the form that opens one posts its three numbers
 * and shows the server's refusal at its field (or above the form when it names none), a room shows its settings
 * and live counts, Pause / Resume admission call the route, and a viewer sees the room, or that there is none,
 * with nothing to press.
 */

const pack = adminPack({
  name_en: 'Hot Pack',
  name_ja: '人気パック',
  phase: 'before',
  total_pack_count: 500,
  // ahead of the machine's clock: the room can still be opened
  start_at: '2099-01-01T03:00:00.000Z',
  commitment: 'c0ffee',
});

const COMMITMENT = 'a3f1'.repeat(16);

const room = (over: Record<string, unknown> = {}) => ({
  pack_id: 9,
  opens_at: '2099-01-01T02:00:00.000Z',
  starts_at: '2099-01-01T03:00:00.000Z',
  admit_per_minute: 250,
  pass_seconds: 600,
  commitment: COMMITMENT,
  seed: null,
  drawn: true,
  paused: false,
  joined: 1234,
  admitted_places: 500,
  waiting: 734,
  admitted: 120,
  bought: 300,
  left: 80,
  lots_left: 200,
  sold_out: false,
  ...over,
});

function api(role: 'owner' | 'viewer' | 'support', current: Record<string, unknown> | null) {
  return fakeApi({
    'GET admin/me': () => meAs(role),
    'GET admin/packs/9': () => ({ pack, prizes: [] }),
    'GET admin/card-types': () => cardTypes(),
    'GET admin/packs/9/videos': () => ({ list: [] }),
    'GET admin/packs/9/room': () => ({ room: current }),
  });
}

const roomRegion = () => screen.findByRole('region', { name: 'Release room' });

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a pack’s release room', () => {
  it('opens one with the three numbers, showing the server’s refusal at its field first', async () => {
    const fake = api('owner', null);
    fake.set('POST admin/packs/9/room', () => ({
      state: 400,
      message: 'Please check the form.',
      errors: { admit_per_minute: ['Enter a number from 1 to 100,000.'] },
    }));
    await renderConsole('/packs/9');
    const region = await roomRegion();
    const form = await within(region).findByRole('form', { name: 'Open a release room' });
    const minutes = within(form).getByLabelText('Members may join (minutes before the start)');
    const rate = within(form).getByLabelText('Admitted per minute');
    const pass = within(form).getByLabelText('Pass lasts (seconds)');
    expect([minutes, rate, pass].map((i) => (i as HTMLInputElement).value)).toEqual(['60', '100', '300']);
    expect(within(form).getByText(/Set the room before the sale starts/)).toBeTruthy();

    const user = userEvent.setup();
    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.clear(rate);
    await user.type(rate, '250');
    await user.clear(pass);
    await user.type(pass, '600');
    await user.click(within(form).getByRole('button', { name: 'Open release room' }));

    await waitFor(() => expect(rate.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(rate.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent,
    ).toBe('Enter a number from 1 to 100,000.');
    expect(document.activeElement).toBe(rate);
    expect(minutes.getAttribute('aria-invalid')).toBe('false');
    expect(fake.callsTo('POST admin/packs/9/room')[0]!.payload).toEqual({
      minutes_before: 30,
      admit_per_minute: 250,
      pass_seconds: 600,
    });

    // accepted the second time: the room replaces the form
    fake.set('POST admin/packs/9/room', () => ({ room: room() }));
    fake.set('GET admin/packs/9/room', () => ({ room: room() }));
    await user.click(within(form).getByRole('button', { name: 'Open release room' }));
    expect(await within(region).findByText('Release room opened.')).toBeTruthy();
    expect(within(region).queryByRole('form')).toBeNull();
    expect(within(region).getByTestId('room-commitment').textContent).toBe(COMMITMENT);
    expect(fake.callsTo('POST admin/packs/9/room')).toHaveLength(2);
  });

  it('shows a refusal that names no form field above the form', async () => {
    const fake = api('owner', null);
    fake.set('POST admin/packs/9/room', () => ({
      state: 409,
      code: 'room_too_late',
      message: "A release room must open before the pack's sale starts.",
      errors: { packId: ["A release room must open before the pack's sale starts."] },
    }));
    await renderConsole('/packs/9');
    const region = await roomRegion();
    const form = await within(region).findByRole('form', { name: 'Open a release room' });
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Open release room' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        "A release room must open before the pack's sale starts.",
      ),
    );
    expect(form.querySelector('[aria-invalid="true"]')).toBeNull();
  });

  it('checks the numbers before sending them', async () => {
    const fake = api('owner', null);
    await renderConsole('/packs/9');
    const region = await roomRegion();
    const form = await within(region).findByRole('form', { name: 'Open a release room' });
    const pass = within(form).getByLabelText('Pass lasts (seconds)');
    const user = userEvent.setup();
    await user.clear(pass);
    await user.type(pass, '30');
    await user.click(within(form).getByRole('button', { name: 'Open release room' }));
    await waitFor(() => expect(pass.getAttribute('aria-invalid')).toBe('true'));
    expect(fake.callsTo('POST admin/packs/9/room')).toHaveLength(0);
  });

  it('shows a room’s settings and live counts, read again every 2 seconds', async () => {
    api('owner', room());
    const { queryClient } = await renderConsole('/packs/9');
    const region = await roomRegion();
    expect(await within(region).findByTestId('room-joined')).toHaveProperty('textContent', '1,234');
    const counts = {
      waiting: '734',
      admitted: '120',
      bought: '300',
      left: '80',
      'admitted-places': '500',
      'lots-left': '200',
      'sold-out': 'No',
    };
    for (const [id, value] of Object.entries(counts))
      expect(within(region).getByTestId(`room-${id}`).textContent, id).toBe(value);
    const settings = within(region).getByLabelText('Room settings');
    expect(settings.textContent).toContain('2099/01/01 11:00 JST');
    expect(settings.textContent).toContain('2099/01/01 12:00 JST');
    expect(settings.textContent).toContain('250 per minute');
    expect(settings.textContent).toContain('600 seconds');
    expect(within(region).getByTestId('room-state').textContent).toBe('Admitting');
    expect(within(region).getByText(/Revealed when the room closes/)).toBeTruthy();
    expect(within(region).queryByTestId('room-seed')).toBeNull();

    const query = queryClient.getQueryCache().find({ queryKey: packRoomKey(9) })!;
    expect(ROOM_LIVE_MS).toBe(2000);
    expect(query.observers.map((o) => o.options.refetchInterval)).toEqual([ROOM_LIVE_MS]);
  });

  it('shows the seed once the room has closed, with nothing to pause', async () => {
    const seed = '5eed'.repeat(16);
    api('owner', room({ seed, sold_out: true, lots_left: 0 }));
    await renderConsole('/packs/9');
    const region = await roomRegion();
    expect((await within(region).findByTestId('room-seed')).textContent).toBe(seed);
    expect(within(region).getByTestId('room-state').textContent).toBe('Closed');
    expect(within(region).getByTestId('room-sold-out').textContent).toBe('Yes');
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('pauses and resumes admission through the route', async () => {
    const fake = api('owner', room());
    let paused = false;
    fake.set('POST admin/packs/9/room/pause', (payload) => {
      paused = payload?.paused === 1;
      return { room: room({ paused }) };
    });
    fake.set('GET admin/packs/9/room', () => ({ room: room({ paused }) }));
    await renderConsole('/packs/9');
    const region = await roomRegion();
    const user = userEvent.setup();
    await user.click(await within(region).findByRole('button', { name: 'Pause admission' }));
    expect(await within(region).findByText('Admission paused')).toBeTruthy();
    expect(fake.callsTo('POST admin/packs/9/room/pause').map((c) => c.payload)).toEqual([{ paused: 1 }]);

    await user.click(within(region).getByRole('button', { name: 'Resume admission' }));
    await waitFor(() => expect(within(region).getByTestId('room-state').textContent).toBe('Admitting'));
    expect(fake.callsTo('POST admin/packs/9/room/pause').map((c) => c.payload)).toEqual([
      { paused: 1 },
      { paused: 0 },
    ]);
    expect(within(region).getByRole('button', { name: 'Pause admission' })).toBeTruthy();
  });

  it('shows a refused pause above the room', async () => {
    const fake = api('owner', room());
    fake.set('POST admin/packs/9/room/pause', () => ({
      state: 404,
      code: 'room_not_found',
      message: 'This pack has no release room.',
    }));
    await renderConsole('/packs/9');
    const region = await roomRegion();
    await userEvent.setup().click(await within(region).findByRole('button', { name: 'Pause admission' }));
    expect(await within(region).findByText('This pack has no release room.')).toBeTruthy();
  });

  for (const role of ['viewer', 'support'] as const) {
    it(`a ${role} sees “No release room” and no form`, async () => {
      api(role, null);
      await renderConsole('/packs/9');
      const region = await roomRegion();
      expect(await within(region).findByText('No release room.')).toBeTruthy();
      expect(within(region).queryByRole('form')).toBeNull();
      expect(within(region).queryByRole('textbox')).toBeNull();
      expect(within(region).queryByRole('spinbutton')).toBeNull();
      expect(within(region).queryByRole('button')).toBeNull();
      expect(within(region).queryByText(/already started/)).toBeNull();
    });

    it(`a ${role} watches a room without a button`, async () => {
      api(role, room({ paused: true }));
      await renderConsole('/packs/9');
      const region = await roomRegion();
      expect((await within(region).findByTestId('room-joined')).textContent).toBe('1,234');
      expect(within(region).getByTestId('room-state').textContent).toBe('Admission paused');
      expect(within(region).queryByRole('button')).toBeNull();
    });
  }

  it('says a room can no longer be opened once the sale has started', async () => {
    const fake = api('owner', null);
    fake.set('GET admin/packs/9', () => ({
      pack: { ...pack, phase: 'on_sale', start_at: '2020-01-01T00:00:00.000Z' },
      prizes: [],
    }));
    await renderConsole('/packs/9');
    const region = await roomRegion();
    expect(await within(region).findByText('No release room.')).toBeTruthy();
    expect(within(region).getByText(/already started/)).toBeTruthy();
    expect(within(region).queryByRole('form')).toBeNull();
  });

  it('speaks Japanese', async () => {
    api('owner', room({ paused: true }));
    await renderConsole('/packs/9', 'ja');
    const region = await screen.findByRole('region', { name: '待機室' });
    expect((await within(region).findByTestId('room-state')).textContent).toBe('入場を一時停止中');
    expect(within(region).getByRole('button', { name: '入場を再開' })).toBeTruthy();
    expect(within(region).getByLabelText('待機室の設定').textContent).toContain('毎分250人');
  });
});
