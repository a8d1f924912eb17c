import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteKysely } from '../open.ts';
import { procedureBody } from '../procedures.ts';
import type { FromWorker, Outcome, ToWorker, WorkerData } from './client.ts';
import { encodeError } from './errors.ts';

/**
 * The SQLite write worker's thread (client.ts starts it): its own connection to the server's file, on which
 * each message's calls run as concurrent transactions, so the group commit of group-commit-dialect.ts gives the whole
 * batch one COMMIT. The answer goes back once every call has committed or failed.
 */
const data = workerData as WorkerData;
const port = parentPort!;
for (const module of data.modules) await import(module); // each registers its procedures
const db = openSqliteKysely(data.url, { checkpointedElsewhere: true });

port.on('message', async (m: ToWorker) => {
  if (m === 'stop') {
    await db.destroy();
    process.exit(0); // ends this thread only
  }
  // async: a name this thread does not know fails its own call, not the thread
  const settled = await Promise.allSettled(m.calls.map(async (c) => procedureBody(c.name)(db, c.args)));
  const outcomes = settled.map((s): Outcome =>
    s.status === 'fulfilled' ? { ok: true, value: s.value } : { ok: false, error: encodeError(s.reason) },
  );
  port.postMessage({ type: 'results', id: m.id, outcomes } satisfies FromWorker);
});
port.postMessage({ type: 'ready' } satisfies FromWorker);
