import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POST_IMAGE_MAX_BYTES, type Post, type PostListPage } from '@gacha/contract/board';
import { deferred, fakeApi, type Handler } from '../../../test/fake-api.ts';
import { Landing, loadI18n, renderAt } from '../../../test/render.tsx';
import { RecordBoard } from './record-board.tsx';

/**
 * Everyone's Record (spec §2 Top, §3 Post, §5, §7) against a fake API: the list (the comment as text, its line
 * breaks kept; the images open in a modal; the pager), and the post form (count, type and size checked before
 * anything is sent, the server's per-image errors on their image, the daily limit above the form, the server's
 * message on success, one request per double submit with its request_id), and the member's own posts.
 */

const member = {
  is_login: '1',
  point: 1000,
  coin: 0,
  coin_tenths: 0,
  rank: 1,
  rank_name: 'White',
  lang: 'en',
};
const guest = { ...member, is_login: '0', point: 0 };

const post = (id: number, content: string, images = 0): Post => ({
  id,
  lastName: 'Y.',
  middleName: '',
  firstName: 'Taro',
  created: '26/11/24',
  content,
  images: Array.from({ length: images }, (_, i) => ({
    url: `/media/uploads/posts/${id}-${i}.webp`,
    thumb: `/media/uploads/posts/${id}-${i}-thumb.webp`,
    width: 1200,
    height: 900,
  })),
});

const page = (list: Post[], n = 1, all = 1): PostListPage => ({
  list,
  page: n,
  all_page: all,
  pages: Array.from({ length: all }, (_, i) => i + 1),
});

const received = {
  result: '1',
  post_id: 41,
  message: 'The posting to the bulletin board has been completed. It will be shown after approval.',
};

function shop(extra: Record<string, Handler | object> = {}, user: object = member) {
  return fakeApi({
    'GET user/point': user,
    'GET user/post/list/1': page([post(1, 'Hello')]),
    'GET user/post/mine': { list: [] },
    ...extra,
  });
}

const routes = { '/': <RecordBoard />, '/login': <Landing name="login" /> };

const png = (name: string, bytes = 64) =>
  new File([new Uint8Array(bytes).fill(7)], name, { type: 'image/png' });

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Post a record' }));
  return screen.findByRole('form', { name: 'New post' });
}

const picker = () => screen.getByLabelText('Add images') as HTMLInputElement;
const previews = () => screen.queryAllByRole('img', { name: /^Image \d: / });

beforeAll(() => loadI18n('en'));

describe('the post list', () => {
  it('shows the comment as text, never as HTML, with its line breaks', async () => {
    const content = 'Got the SR!\n<script>window.hacked = true</script>\n<b>bold?</b>';
    shop({ 'GET user/post/list/1': page([post(7, content)]) });
    const { container } = renderAt('/', routes);
    const shown = await screen.findByTestId('post-content');
    expect(shown.textContent).toBe(content);
    expect(shown.innerHTML).toContain('&lt;script&gt;');
    expect(container.querySelector('script, b')).toBeNull();
    expect(shown.textContent?.split('\n')).toHaveLength(3);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(screen.getByText('Taro Y.')).toBeTruthy();
    expect(screen.getByText('24 Nov 2026')).toBeTruthy();
  });

  it('opens an image larger in a modal, with the next one a button away', async () => {
    shop({ 'GET user/post/list/1': page([post(3, 'Two pulls', 2)]) });
    const user = userEvent.setup();
    renderAt('/', routes);
    await user.click(await screen.findByRole('button', { name: 'Open image 1 of 2 by Taro Y.' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Taro Y. · 24 Nov 2026' }));
    expect(modal.getByRole('img', { name: 'Image 1 of 2 posted by Taro Y.' }).getAttribute('src')).toBe(
      '/media/uploads/posts/3-0.webp',
    );
    await user.click(modal.getByRole('button', { name: 'Next ›' }));
    expect(modal.getByRole('img', { name: 'Image 2 of 2 posted by Taro Y.' }).getAttribute('src')).toBe(
      '/media/uploads/posts/3-1.webp',
    );
    await user.click(modal.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('pages through the posts', async () => {
    const api = shop({
      'GET user/post/list/1': page([post(1, 'First page')], 1, 2),
      'GET user/post/list/2': page([post(2, 'Second page')], 2, 2),
    });
    const user = userEvent.setup();
    renderAt('/', routes);
    await screen.findByText('First page');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Second page')).toBeTruthy();
    expect(api.callsTo('GET user/post/list/2')).toHaveLength(1);
  });

  it('says so when there is no post yet', async () => {
    shop({ 'GET user/post/list/1': page([]) });
    renderAt('/', routes);
    expect(await screen.findByText('No posts yet. Be the first to show off your pull!')).toBeTruthy();
  });

  it('a guest is sent to login to post', async () => {
    shop({}, guest);
    renderAt('/', routes);
    const link = await screen.findByRole('link', { name: 'Log in to post' });
    expect(link.getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Post a record' })).toBeNull();
  });
});

describe('the post form', () => {
  it('takes up to 3 images: more are refused before anything is sent', async () => {
    const api = shop();
    const user = userEvent.setup();
    renderAt('/', routes);
    await openForm(user);
    await user.upload(picker(), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(previews()).toHaveLength(2));
    await user.upload(picker(), [png('c.png'), png('d.png')]);
    expect(await screen.findByText('Up to 3 images per post.')).toBeTruthy();
    await waitFor(() => expect(previews()).toHaveLength(3));
    expect(previews().map((i) => i.getAttribute('alt'))).toEqual([
      'Image 1: a.png',
      'Image 2: b.png',
      'Image 3: c.png',
    ]);
    expect(picker().disabled).toBe(true);
    expect(api.callsTo('POST user/post/save')).toHaveLength(0);
  });

  it('refuses an image above 5 MB and a file that is not an image it can send, before sending', async () => {
    const api = shop();
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/', routes);
    await openForm(user);
    const big = png('big.png');
    Object.defineProperty(big, 'size', { value: POST_IMAGE_MAX_BYTES + 1 });
    await user.upload(picker(), big);
    expect(await screen.findByText('Each image can be at most 5 MB.')).toBeTruthy();
    await user.upload(picker(), new File(['x'], 'photo.heic', { type: 'image/heic' }));
    expect(
      await screen.findByText('This file is not an image we can read (JPEG, PNG, WebP or GIF).'),
    ).toBeTruthy();
    expect(previews()).toHaveLength(0);

    // nothing goes out without a comment either; the comment takes the focus
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Comment/));
    expect(api.callsTo('POST user/post/save')).toHaveLength(0);
  });

  it('asks before removing an image', async () => {
    shop();
    const user = userEvent.setup();
    renderAt('/', routes);
    await openForm(user);
    await user.upload(picker(), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(previews()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    let ask = within(await screen.findByRole('dialog', { name: 'Remove this image?' }));
    expect(ask.getByText('Image 1 (a.png) will be taken off this post.')).toBeTruthy();
    await user.click(ask.getByRole('button', { name: 'Keep it' }));
    expect(previews()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    ask = within(await screen.findByRole('dialog', { name: 'Remove this image?' }));
    await user.click(ask.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(previews()).toHaveLength(1));
    expect(previews()[0]?.getAttribute('alt')).toBe('Image 1: b.png');
  });

  it("puts the server's error of one image on that image", async () => {
    const api = shop({
      'POST user/post/save': {
        state: 400,
        errors: { image2: ['This file is not an image we can read (JPEG, PNG, WebP or GIF).'] },
      },
    });
    const user = userEvent.setup();
    renderAt('/', routes);
    await openForm(user);
    await user.type(screen.getByLabelText(/^Comment/), 'Two pulls');
    await user.upload(picker(), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(previews()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const second = screen.getByRole('button', { name: 'Remove image 2' }).closest('li')!;
    expect(
      await within(second).findByText('This file is not an image we can read (JPEG, PNG, WebP or GIF).'),
    ).toBeTruthy();
    const first = screen.getByRole('button', { name: 'Remove image 1' }).closest('li')!;
    expect(within(first).queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove image 2' }));
    const sent = api.callsTo('POST user/post/save')[0]?.payload as { images: string[] };
    expect(sent.images).toHaveLength(2);
    expect(sent.images[0]).toMatch(/^data:image\/png;base64,/);
  });

  it('the daily limit (errors.user) shows above the form; errors.content on the comment', async () => {
    let tries = 0;
    shop({
      'POST user/post/save': () =>
        ++tries === 1
          ? { state: 400, errors: { content: ['Please enter at most 1000 characters.'] } }
          : {
              state: 400,
              errors: { user: ['You can post up to 3 times a day. Please try again tomorrow.'] },
            },
    });
    const user = userEvent.setup();
    renderAt('/', routes);
    const form = await openForm(user);
    await user.type(screen.getByLabelText(/^Comment/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Please enter at most 1000 characters.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const alert = await within(form).findByText(
      'You can post up to 3 times a day. Please try again tomorrow.',
    );
    expect(alert.closest('[role=alert]')).toBeTruthy();
  });

  it("sends one request for a double submit, with a request id, and shows the server's message", async () => {
    const answer = deferred<object>();
    const api = shop({ 'POST user/post/save': () => answer.promise });
    const user = userEvent.setup();
    renderAt('/', routes);
    await openForm(user);
    await user.type(screen.getByLabelText(/^Comment/), 'Line one\nLine two');
    await user.upload(picker(), png('a.png'));
    await waitFor(() => expect(previews()).toHaveLength(1));
    const submit = screen.getByRole('button', { name: 'Post' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(api.callsTo('POST user/post/save')).toHaveLength(1));
    fireEvent.click(submit);
    const sent = api.callsTo('POST user/post/save')[0]?.payload as {
      content: string;
      images: string[];
      request_id: string;
    };
    expect(sent.content).toBe('Line one\nLine two');
    expect(sent.images).toHaveLength(1);
    expect(sent.request_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    answer.resolve(received);
    const done = within(await screen.findByRole('alertdialog', { name: 'Thank you for posting' }));
    expect(done.getByText(received.message)).toBeTruthy();
    expect(api.callsTo('POST user/post/save')).toHaveLength(1);
    await user.click(done.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('form', { name: 'New post' })).toBeNull();
    // the focus goes back to the button that opened the form
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Post a record' })),
    );
  });

  it('each submit has its own request id; a retry after no answer keeps it', async () => {
    let calls = 0;
    const api = shop({
      'POST user/post/save': () => {
        calls++;
        if (calls === 1) throw new Error('network down');
        return calls === 2 ? { state: 400, errors: { content: ['Bad.'] } } : received;
      },
    });
    const user = userEvent.setup();
    renderAt('/', routes);
    await openForm(user);
    await user.type(screen.getByLabelText(/^Comment/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Bad.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await screen.findByRole('alertdialog');
    const ids = api
      .callsTo('POST user/post/save')
      .map((c) => (c.payload as { request_id: string }).request_id);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]); // no answer: the same post again
    expect(ids[2]).not.toBe(ids[1]); // refused: a new submit
  });
});

describe("the member's own posts", () => {
  it('shows each state, and the reason of a refusal', async () => {
    shop({
      'GET user/post/mine': {
        list: [
          { id: 3, content: 'Waiting', status: 'pending', reject_reason: '', created: '26/11/24' },
          { id: 2, content: 'Shown', status: 'approved', reject_reason: '', created: '26/11/23' },
          {
            id: 1,
            content: 'Off topic',
            status: 'rejected',
            reject_reason: 'The images do not show a pull.',
            created: '26/11/22',
          },
        ],
      },
    });
    renderAt('/', routes);
    const mine = within(await screen.findByRole('region', { name: 'Your posts' }));
    expect(mine.getByText('Waiting for approval')).toBeTruthy();
    expect(mine.getByText('On the board · 500 gems added')).toBeTruthy();
    expect(mine.getByText('Not approved')).toBeTruthy();
    expect(mine.getByText('Reason: The images do not show a pull.')).toBeTruthy();
  });
});
