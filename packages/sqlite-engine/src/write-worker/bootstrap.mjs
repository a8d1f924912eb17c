// The write worker's first module (client.ts starts it). The worker runs the server's TypeScript, so tsx's loader
// is registered here first: tsx registers itself on the main thread only, on Node 20.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) (await import('tsx/esm/api')).register();
await import(workerData.entry);
