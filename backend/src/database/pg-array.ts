/**
 * A JS array as a PostgreSQL array literal, for a `$n::int[]` / `::float8[]` / `::text[]` /
 * `::bool[]` parameter of a statement that takes whole columns at once (unnest).
 *
 * node-postgres converts an array parameter itself, but quotes and escapes every element with two
 * regular expressions, numbers included; the rating job's batch sends about 15 elements per seat
 * (its rating events and the result notifications), tens of thousands per job, and that
 * conversion and its garbage were a noticeable share of the worker's CPU per match
 * (docs/scaling.md#measured-costs). Here numbers and booleans go as they are and only texts are
 * quoted. The text PostgreSQL parses is the same value: a number is written as pg writes it
 * (`String(n)`, so -0 is sent as 0 there too), `null`/`undefined` is NULL.
 */
export function pgArray(values: readonly (number | boolean | string | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'string') out += `"${v.replace(/[\\"]/g, '\\$&')}"`;
    else out += String(v);
  }
  return `${out}}`;
}
