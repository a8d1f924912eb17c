import { createQueryClient } from '@gacha/client/query-client';
import { ApiStateError, State } from './api.ts';
import { ME_KEY } from './me.ts';

/**
 * A query refused with 401 (the staff session ended: idle timeout, signed out elsewhere) or with a second factor
 * still to give reloads /me, and the console's guard then shows the sign-in.
 */
function checkSession(err: unknown) {
  if (!(err instanceof ApiStateError)) return;
  if (err.response.state === State.notLoggedIn) void queryClient.invalidateQueries({ queryKey: ME_KEY });
}

export const queryClient = createQueryClient({ staleTime: 15_000, onError: checkSession });
