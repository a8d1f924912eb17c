import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { z } from 'zod';
import type { Route, RouteSchemas } from '@gacha/contract/route';
import { okResponse, type ApiTypeProvider } from './envelope.ts';

type ApiInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ApiTypeProvider
>;
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a route's handler gets: the request with its path parameters, query and body as the schemas read them. */
export type RouteRequest<S extends RouteSchemas> = FastifyRequest<{
  Params: Out<S['params']>;
  Querystring: Out<S['query']>;
  Body: Out<S['body']>;
}>;

/** What a route's handler answers: the answer's fields (the envelope adds state and csrf). */
export type RouteAnswer<S extends RouteSchemas> = Omit<z.input<S['answer']>, 'state' | 'csrf'>;

/**
 * Registers a route of the contract (@gacha/contract/route) on the API scope: its path and the spec's other
 * spellings, its schemas (params, query, body, the answer), and who may call it — a member route answers 401 to
 * a guest (`config.auth`), a staff route names its permission for the console's scope (`config.staff`).
 * `config` adds what the route needs beside (a rate limit, error field names); `options` a larger body limit
 * (an upload, a CSV import).
 */
export async function serve<S extends RouteSchemas>(
  app: ApiInstance,
  route: Route<S>,
  handler: (req: RouteRequest<S>, reply: FastifyReply) => Promise<RouteAnswer<S>>,
  config: FastifyContextConfig = {},
  options: { bodyLimit?: number } = {},
): Promise<void> {
  const s = await route.schemas();
  const access: FastifyContextConfig =
    route.access === 'member'
      ? { auth: true }
      : route.access.startsWith('staff:')
        ? ({ staff: route.access.slice('staff:'.length) } as FastifyContextConfig)
        : {};
  for (const url of [route.path, ...(route.aliases ?? [])]) {
    app.route({
      method: route.method,
      url,
      schema: {
        ...(s.params ? { params: s.params } : {}),
        ...(s.query ? { querystring: s.query } : {}),
        ...(s.body ? { body: s.body } : {}),
        response: okResponse(s.answer),
      },
      config: { ...access, ...config },
      ...options,
      handler: handler as never,
    });
  }
}
