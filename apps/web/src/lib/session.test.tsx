import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client.ts';
import { currentUserKey, GUEST, useCurrentUser } from './session.ts';

/**
 * A served page is rendered for everybody, without the member (apps/server/src/modules/site/page-renderer.ts).
 * The member's answer often arrives while React hydrates it: the parts hydrated after that must still render as
 * the HTML did, else React throws the page away and draws it again (error #418).
 */
function Who() {
  const { data, isPending } = useCurrentUser();
  if (isPending) return <p>—</p>;
  return <p>{data?.is_login === '1' ? `member ${data.point}` : 'guest'}</p>;
}

const app = () => (
  <QueryClientProvider client={queryClient}>
    <Who />
  </QueryClientProvider>
);

describe('the current user on a served page', () => {
  it('reads as still loading while the page hydrates, then shows the member', async () => {
    queryClient.clear();
    const container = document.createElement('div');
    container.innerHTML = renderToString(app());
    expect(container.textContent).toBe('—');
    // the member's answer is in the cache before hydration reaches the component
    queryClient.setQueryData(currentUserKey, { ...GUEST, is_login: '1', point: 1200 });
    const mismatch = vi.fn();
    await act(async () => {
      hydrateRoot(container, app(), { onRecoverableError: mismatch });
    });
    await waitFor(() => expect(container.textContent).toBe('member 1200'));
    expect(mismatch).not.toHaveBeenCalled();
  });
});
