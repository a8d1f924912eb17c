import { createQueryClient } from '@gacha/client/query-client';

export const queryClient = createQueryClient({ staleTime: 30_000 });
