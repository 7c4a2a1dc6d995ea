/**
 * A batch's rows as one jsonb parameter, for a statement that reads them back in their order with
 * `jsonb_to_recordset(...) WITH ORDINALITY` (the chat inserts, messages.repository.ts and
 * league-chat.repository.ts), instead of one array parameter per column read with unnest.
 *
 * Why (docs/scaling.md#a-quiet-chats-cost-per-message): PostgreSQL plans a prepared statement for
 * its parameters' values (a custom plan) for as long as that looks cheaper than the plan for any
 * value (the generic plan it keeps). It counts an array's elements when it estimates unnest, so the
 * custom plan of a batch of one (every send when the chat is quiet) always looked cheaper, and the
 * statement was planned anew on every call: a DM batch of one cost 1.2 ms of PostgreSQL's CPU with
 * arrays, 0.5 ms with jsonb. jsonb_to_recordset is estimated alike whatever its value, so after
 * PostgreSQL's five trial plans the statement is planned once per connection, as PreparedRepository
 * means it to be (test/prepared-plans.int-spec.ts). The edges refuse a NUL byte and lone
 * surrogates before any text gets here (input-edge.ts, SocketLimits), which jsonb, unlike a text[]
 * parameter, would refuse for the whole batch.
 */
export const jsonbBatch = (rows: readonly Record<string, unknown>[]): string => JSON.stringify(rows);
