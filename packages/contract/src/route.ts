import type { z } from 'zod';

/**
 * One endpoint, defined once for the server and both apps: its method, path (with `:name` parameters), the
 * spec's other spellings of it, who may call it, and its schemas. The server registers it from this
 * (apps/server/src/http/serve.ts); the apps call it through @gacha/client's `call`, which fills the path and
 * parses the answer with the same schema. No app writes a path of its own.
 *
 * The schemas come from a loader (a dynamic import of the feature's contract file): a route table imports no
 * zod, so the shop's first paint can name a route and load its answer schema alongside the request. The server
 * loads them once, when it registers the route.
 */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer: z.ZodObject;
}

/**
 * Who may call a route: anyone (`guest`, the member's session read if there is one), a signed-in member
 * (`member`), or staff (`staff:` and what the console's permission table names, the server's StaffAccess).
 */
export type RouteAccess = 'guest' | 'member' | `staff:${string}`;

export interface Route<S extends RouteSchemas = RouteSchemas> {
  method: 'GET' | 'POST';
  path: string;
  /** other spellings the spec gives the same endpoint (snake_case and camelCase), served alike */
  aliases?: readonly string[];
  access: RouteAccess;
  schemas: () => Promise<S>;
}

export function defineRoute<S extends RouteSchemas>(route: Route<S>): Route<S> {
  return route;
}

/** The schemas a route's loader gives. */
export type SchemasOf<R extends Route> = R extends Route<infer S> ? S : never;
/** A route's path parameters, as the caller gives them (`{ id: 3 }` for `/admin/payments/:id/refund`). */
export type ParamsOf<R extends Route> = SchemasOf<R>['params'] extends z.ZodType
  ? z.input<SchemasOf<R>['params']>
  : undefined;
export type QueryOf<R extends Route> = SchemasOf<R>['query'] extends z.ZodType
  ? z.input<SchemasOf<R>['query']>
  : undefined;
export type BodyOf<R extends Route> = SchemasOf<R>['body'] extends z.ZodType
  ? z.input<SchemasOf<R>['body']>
  : undefined;
export type AnswerOf<R extends Route> = z.output<SchemasOf<R>['answer']>;

/** The path of a call: each `:name` filled with its parameter, encoded ('/admin/payments/7/refund'). */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
