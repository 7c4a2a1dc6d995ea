/**
 * An answer already serialised as JSON, sent as it is (Fastify sends a string with a JSON content
 * type untouched): the exact text `JSON.stringify` would have made of a `T`, so the client gets the
 * same bytes (docs/scaling.md#profile-reads). The type parameter keeps the route's contract visible.
 */
export type JsonText<T> = string & { readonly __jsonOf?: T };

/** The content type Fastify gives the JSON it serialises: a route answering JsonText sets it itself. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const jsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;
