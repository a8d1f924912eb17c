import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, meAs } from '../../test/fake-api.ts';
import { renderConsole } from '../../test/render.tsx';

const post = (id: number, name: string, images = 0) => ({
  id,
  user_id: 100 + id,
  name,
  content: `Pulled a SAR!\nSecond line of post ${id}`,
  status: 'pending' as const,
  reject_reason: null,
  created_at: '2026-11-20T01:00:00.000Z',
  decided_at: null,
  images: Array.from({ length: images }, (_, i) => ({
    url: `/media/uploads/posts/${id}-${i}.webp`,
    thumb_url: `/media/uploads/posts/${id}-${i}-thumb.webp`,
  })),
});

function moderationApi(approve: { changed: boolean }) {
  let pending = [post(1, 'Taro Demo', 2), post(2, 'Hanako Yamada')];
  return fakeApi({
    'GET admin/me': () => meAs('support'),
    'GET admin/posts': () => ({ list: pending, page: 1, all_page: 1, per_page: 20, total: pending.length }),
    'POST admin/posts/1/approve': () => {
      pending = pending.filter((p) => p.id !== 1);
      return { id: 1, changed: approve.changed, gems: approve.changed ? 500 : 0 };
    },
    'POST admin/posts/2/reject': () => {
      pending = pending.filter((p) => p.id !== 2);
      return { id: 2, changed: true, gems: 0 };
    },
  });
}

const posts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === 'POST');
const postNamed = async (name: RegExp) => screen.findByRole('article', { name });

describe('board moderation', () => {
  it('shows the waiting posts with their text and pictures; a thumbnail opens the picture larger', async () => {
    moderationApi({ changed: true });
    await renderConsole('/board');
    const first = await postNamed(/Taro Demo/);
    expect(first.textContent).toContain('Second line of post 1');
    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: 'Open picture 2 of 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Taro Demo: picture 2 of 2' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/media/uploads/posts/1-1.webp');
    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/media/uploads/posts/1-0.webp');
  });

  it('approving says the 500 gems were paid, and a repeat that nothing was paid again', async () => {
    const api = moderationApi({ changed: true });
    await renderConsole('/board');
    const user = userEvent.setup();
    await user.click(within(await postNamed(/Taro Demo/)).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Post #1 approved: 500 gems paid to Taro Demo.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: /Taro Demo/ })).toBeNull());
    expect(posts(api).map((p) => p.path)).toEqual(['admin/posts/1/approve']);
  });

  it('a post approved already (another staff member) pays nothing again', async () => {
    moderationApi({ changed: false });
    await renderConsole('/board');
    const user = userEvent.setup();
    await user.click(within(await postNamed(/Taro Demo/)).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Post #1 was approved already; nothing was paid again.')).toBeTruthy();
  });

  it('rejecting needs the reason the member sees, and sends it', async () => {
    const api = moderationApi({ changed: true });
    await renderConsole('/board');
    const card = await postNamed(/Hanako Yamada/);
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const reason = within(card).getByLabelText('Reason for rejecting');
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(within(card).getByText('This field is required.')).toBeTruthy();
    expect(document.activeElement).toBe(reason);
    expect(posts(api)).toHaveLength(0);

    await user.type(reason, '   ');
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    expect(posts(api)).toHaveLength(0);

    await user.type(reason, 'Not a card photo');
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Post #2 by Hanako Yamada rejected.')).toBeTruthy();
    expect(posts(api).map((c) => [c.path, c.payload])).toEqual([
      ['admin/posts/2/reject', { reason: 'Not a card photo' }],
    ]);
  });
});
