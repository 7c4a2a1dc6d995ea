/**
 * A JS array as a PostgreSQL array literal, for a `$n::int[]` / `::float8[]` / `::text[]` /
 * `::bool[]` parameter of a statement that takes whole columns at once (unnest).
 *
 * node-postgres converts an array parameter itself, but quotes and escapes every element with two
 * regular expressions, numbers included; the rating job's batch sends about 15 elements per seat
 * (its rating events and the result notifications), tens of thousands per job
 * (docs/rating.md#order-of-application). Here numbers and booleans go as they are (an integer ~18 ns
 * instead of ~250 ns, a boolean ~14 instead of ~100) and only texts are quoted, escaped only when
 * they hold a backslash or a double quote. The text PostgreSQL parses is the same value: a number is written as pg writes it
 * (`String(n)`, so -0 is sent as 0 there too), `null`/`undefined` is NULL.
 */
export function pgArray(values: readonly (number | boolean | string | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'string') out += `"${v.includes('\\') || v.includes('"') ? v.replace(/\\/g, '\\\\').replace(/"/g, '\\"') : v}"`;
    else out += String(v);
  }
  return `${out}}`;
}
