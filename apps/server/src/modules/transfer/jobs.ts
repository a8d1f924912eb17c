import type { ModuleJobs } from '../../jobs/types.ts';
import { reconcileTransfers } from './service.ts';

/** Point transfers the partner has not confirmed are asked about again (only with a partner configured). */
export const transferJobs: ModuleJobs = ({ transfer, clock }) =>
  transfer
    ? [
        {
          name: 'transfer-reconcile',
          everyMs: 60_000,
          immediate: true,
          run: () => reconcileTransfers(transfer, clock.now()),
        },
      ]
    : [];
