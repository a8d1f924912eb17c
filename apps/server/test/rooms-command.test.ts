import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main as roomsCommand } from '../scripts/rooms.ts';
import { migrate, openDb } from '../src/db/index.ts';
import { loadDemoData } from '../src/demo/load-demo.ts';
import { answerOf, onPostgres, runMain } from './helpers.ts';

/** scripts/rooms.ts: a release room opened, paused, resumed and shown from the command line; a rehearsal. */
describe('scripts/rooms.ts', () => {
  it.skipIf(onPostgres)(
    'rehearses a release, opens, pauses, resumes and shows rooms by the console rules',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gacha-rooms-'));
      try {
        const file = join(dir, 'shop.sqlite');
        const fileDb = openDb(file);
        await migrate(fileDb);
        await loadDemoData(fileDb, new Date());
        await fileDb.destroy();
        const run = (...args: string[]) => runMain(roomsCommand, args, file);

        const rehearsal = answerOf(
          await run('rehearse', '--starts-in', '120', '--lots', '4', '--rate', '30'),
        );
        expect(rehearsal.room).toMatchObject({
          pack_id: rehearsal.pack_id,
          admit_per_minute: 30,
          pass_seconds: 120,
          joined: 0,
          lots_left: 4,
          drawn: false,
        });
        // the room is open already: members may join now
        expect(Date.parse(rehearsal.room.opens_at)).toBeLessThan(Date.now());
        expect(answerOf(await run('pause', String(rehearsal.pack_id)))).toMatchObject({ paused: true });
        expect(answerOf(await run('resume', String(rehearsal.pack_id)))).toMatchObject({ paused: false });
        expect(answerOf(await run('show', String(rehearsal.pack_id)))).toMatchObject({
          commitment: rehearsal.room.commitment,
        });
        expect((await run('open', String(rehearsal.pack_id))).code).toBe(1); // one room a pack

        // bad arguments: usage (2), nothing written; a pack on sale already or unknown: refused (1)
        for (const bad of [
          ['open'],
          ['open', 'x'],
          ['open', '1', '--rate'],
          ['open', '1', '--rate', '0'],
          ['open', '1', '--pass-seconds', '5'],
          ['open', '1', '--colour', '3'],
          ['pause'],
          ['rehearse', '--lots', '0'],
          ['nonsense'],
        ])
          expect((await run(...bad)).code, bad.join(' ')).toBe(2);
        expect((await run('open', '1')).code).toBe(1); // the first demo pack is on sale
        expect((await run('show', '999999')).stdout.trim()).toBe('null');

        const audited = openDb(file);
        try {
          const rows = await audited
            .selectFrom('audit_log')
            .select(['action', 'staff_id'])
            .where('target_type', '=', 'pack')
            .where('target_id', '=', String(rehearsal.pack_id))
            .orderBy('id')
            .execute();
          expect(rows).toEqual([
            { action: 'room.open', staff_id: null },
            { action: 'room.pause', staff_id: null },
            { action: 'room.resume', staff_id: null },
          ]);
        } finally {
          await audited.destroy();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
