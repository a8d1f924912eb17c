import type { Migration } from 'kysely';
import * as m001 from './001-foundation.ts';

/** Every migration in order. Add new ones here; names sort as they run. */
export const migrations: Record<string, Migration> = {
  '001-foundation': m001,
};
