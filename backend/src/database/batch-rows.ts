/**
 * A batch's rows handed to a prepared statement as one jsonb parameter (`batchRowsParam`) and read
 * back in their order, numbered `ord` (`batchRowsSql`), instead of `unnest($1::int[], $2::int[], …)`.
 *
 * Why (docs/architecture.md#per-request-cost): PostgreSQL plans a prepared statement for its
 * parameters' values (a custom plan) for as long as that looks cheaper than the plan for any value
 * (the generic plan it keeps). It counts an array's elements when it estimates unnest, so the
 * custom plan of a batch of one (every send when the chat is quiet) always looked cheaper, and the
 * statement was planned anew on every call: ~0.7 ms of PostgreSQL's CPU per send, more than the
 * send itself (a DM batch of one: 1.2 ms prepared with arrays, 0.5 ms with jsonb). jsonb_to_recordset
 * is estimated alike whatever its value, so after PostgreSQL's five trial plans the statement is
 * planned once per connection, as preparedQuery means it to be (test/prepared-plans.int-spec.ts).
 * The edges refuse a NUL byte and lone surrogates before any text gets here (input-edge.ts,
 * SocketLimits), which jsonb, unlike a text[] parameter, would refuse for the whole batch.
 */
export function batchRowsSql(param: string, columns: Record<string, string>): string {
  const names = Object.keys(columns);
  const typed = names.map((name) => `${name} ${columns[name]}`).join(', ');
  return `ROWS FROM (jsonb_to_recordset(${param}::jsonb) AS (${typed})) WITH ORDINALITY AS t(${names.join(', ')}, ord)`;
}

/** The parameter `batchRowsSql` reads: the rows, each an object keyed by its columns' names. */
export const batchRowsParam = (rows: readonly Record<string, unknown>[]): string => JSON.stringify(rows);
