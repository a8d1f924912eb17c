import type { Insertable, Updateable } from 'kysely';
import type { BannersTable } from '../../db/schema.ts';
import type { StaffWrite } from '../admin/service.ts';
import { addBanner, changeBanner, deleteBanner } from './banners.ts';

/**
 * The Top banners and notices as staff keep them: each change runs in a staff write with its audit row (target
 * 'banner'). The pictures are stored before (the console's uploads) and the members' cache is dropped after, by
 * the caller (forgetBanners).
 */

/** A new banner or notice, created at the write's time, with its audit row (the row as stored); answers its id. */
export function createBanner(
  write: StaffWrite,
  fields: Omit<Insertable<BannersTable>, 'created_at'>,
): Promise<number> {
  return write(async (tx, audit) => {
    const row = { ...fields, created_at: write.now.toISOString() };
    const id = await addBanner(tx, row);
    await audit({ action: 'banner.create', target: { type: 'banner', id }, before: null, after: row });
    return id;
  });
}

/** Edits a banner, with its audit row (none when the edit changes nothing). */
export function updateBanner(write: StaffWrite, id: number, set: Updateable<BannersTable>): Promise<void> {
  return write(async (tx, audit) => {
    const change = await changeBanner(tx, id, set);
    if (change) await audit({ action: 'banner.update', target: { type: 'banner', id }, ...change });
  });
}

/** Deletes a banner, with its audit row (the row it was). */
export function removeBanner(write: StaffWrite, id: number): Promise<void> {
  return write(async (tx, audit) => {
    const banner = await deleteBanner(tx, id);
    await audit({
      action: 'banner.delete',
      target: { type: 'banner', id: banner.id },
      before: banner,
      after: null,
    });
  });
}
