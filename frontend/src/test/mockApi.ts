import { vi } from 'vitest';
import type { RouteDef } from '@gotnext/shared';

/** What a mocked route answers: a status and a JSON body, or a network failure. */
export type Reply = { status?: number; body?: unknown } | 'network-error';

interface Handler {
  route: RouteDef;
  /** A function may answer later (a promise): a test can hold a read while others land. */
  reply: Reply | ((request: RecordedCall) => Reply | Promise<Reply>);
}

export interface RecordedCall {
  route: RouteDef;
  url: URL;
  headers: Record<string, string>;
  /** The parsed JSON body, the FormData, or undefined. */
  body: unknown;
}

const pattern = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);

/**
 * Stands in for the API behind `fetch`, addressed through the shared route table (so tests never
 * spell a path either). Calls no test set up answer 404, and every call is recorded.
 */
export function mockApi() {
  const handlers: Handler[] = [];
  const calls: RecordedCall[] = [];

  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const handler = handlers.find((h) => h.route.method === (init.method ?? 'GET') && pattern(h.route.path).test(url.pathname));
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const recorded: RecordedCall = {
      route: handler?.route ?? ({ method: 'GET', path: url.pathname } as RouteDef),
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body,
    };
    calls.push(recorded);
    const reply = !handler
      ? { status: 404, body: { message: `No mock for ${init.method} ${url.pathname}` } }
      : typeof handler.reply === 'function'
        ? await handler.reply(recorded)
        : handler.reply;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status, headers: { 'Content-Type': 'application/json' } });
  });

  return {
    /** Answers every call of `route` (the latest setup for a route wins). */
    on(route: RouteDef, reply: Handler['reply']) {
      handlers.unshift({ route, reply });
      return this;
    },
    /** The calls made to `route`, oldest first. */
    callsTo(route: RouteDef) {
      return calls.filter((c) => c.route === route);
    },
  };
}
