import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * The request a piece of code runs for (a request id in every log line). Fastify's request logger
 * (`req.log`) carries the id already; code that logs through the app's logger (`app.log`) or a module's own
 * logger inside a request gets it from here through pino's mixin (app.ts).
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** The id of the request the caller runs for, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.reqId;
}

/**
 * Runs the rest of the request in its context, from the start and again once its body is read (the body's stream
 * events run in the connection's context, not the request's). `run` (not `enterWith`): the context ends with the
 * request's own work and never leaks into its caller's.
 */
export function trackRequests(app: FastifyInstance): void {
  const enter = (req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    requestContext.run({ reqId: String(req.id) }, done);
  };
  app.addHook('onRequest', enter);
  app.addHook('preValidation', enter);
}
