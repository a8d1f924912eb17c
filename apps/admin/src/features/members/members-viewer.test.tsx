import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, meAs } from '../../test/fake-api.ts';
import { memberDetail, memberRow } from '../../test/member-fixture.ts';
import { renderConsole } from '../../test/render.tsx';

const ACTION_BUTTONS =
  /Grant gems|Deduct gems|Grant coins|Deduct coins|Suspend|Lift the suspension|End all sessions|Reset SMS verification/;

function membersApi(role: 'viewer' | 'support') {
  const pii = role !== 'viewer';
  const detail = memberDetail({ pii });
  return fakeApi({
    'GET admin/me': () => meAs(role),
    'GET admin/members': (_p, url) => ({
      list: url.searchParams.get('q') === 'nobody' ? [] : [memberRow(detail)],
      page: 1,
      all_page: 1,
      per_page: 50,
      total: url.searchParams.get('q') === 'nobody' ? 0 : 1,
      pii,
    }),
    'GET admin/members/42': () => ({ ...detail }),
    'GET admin/members/42/gem-ledger': (_p, url) => ({
      list: [
        {
          id: 9,
          delta: -300,
          reason: 'pack_purchase',
          reference: 'purchase:12',
          balance_after: 1500,
          created_at: '2026-11-19T01:00:00.000Z',
        },
        {
          id: 8,
          delta: 1000,
          reason: 'admin',
          reference: 'admin:req-1',
          balance_after: 1800,
          created_at: '2026-11-18T01:00:00.000Z',
        },
      ],
      page: Number(url.searchParams.get('page') ?? 1),
      all_page: 3,
      per_page: 2,
      total: 6,
    }),
  });
}

describe('members for a viewer (no members.pii, no members.write)', () => {
  it('the search says personal data is masked and lists the masked row', async () => {
    membersApi('viewer');
    await renderConsole('/members');
    expect(await screen.findByText(/Your role sees personal data masked/)).toBeTruthy();
    const row = screen.getByRole('row', { name: /#42/ });
    expect(row.textContent).toContain('h***@example.com');
    expect(row.textContent).toContain('*********78');
    expect(row.textContent).not.toContain('hanako@example.com');
  });

  it('the member page shows the masked profile, no address, and no action at all', async () => {
    const api = membersApi('viewer');
    await renderConsole('/members/42');
    expect(await screen.findByRole('heading', { name: /Member #42/ })).toBeTruthy();
    expect(screen.getByText(/Personal data is masked for your role/)).toBeTruthy();
    expect(screen.getByTestId('member-mail').textContent).toBe('h***@example.com');
    expect(screen.getByTestId('member-tel').textContent).toBe('*********78');
    expect(screen.getByTestId('member-address').textContent).toBe('Hidden for your role.');
    expect(screen.queryByText('Yamada')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Actions on this member' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: ACTION_BUTTONS })).toHaveLength(0);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('support sees the full profile and address, and the actions', async () => {
    membersApi('support');
    await renderConsole('/members/42');
    expect((await screen.findByTestId('member-mail')).textContent).toBe('hanako@example.com');
    expect(screen.getByTestId('member-address').textContent).toContain('1-2-3 Jingumae');
    expect(screen.queryByText(/Personal data is masked/)).toBeNull();
    const actions = screen.getByRole('region', { name: 'Actions on this member' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Grant gems',
      'Deduct gems',
      'Grant coins',
      'Deduct coins',
      'Suspend',
      'End all sessions',
      'Reset SMS verification',
    ]);
  });

  it('a ledger tab pages as the API pages it, the tab and the page in the address', async () => {
    const api = membersApi('viewer');
    const { router } = await renderConsole('/members/42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Gem ledger' }));
    const table = await screen.findByRole('table', { name: 'Gem ledger' });
    expect(within(table).getByText('+1,000')).toBeTruthy();
    expect(within(table).getByText('Granted by staff')).toBeTruthy();
    expect(within(table).getByText('-300')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=gem-ledger');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=gem-ledger&page=2'));
    await waitFor(() =>
      expect(api.callsTo('GET admin/members/42/gem-ledger').map((c) => c.path)).toHaveLength(2),
    );
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });
});
