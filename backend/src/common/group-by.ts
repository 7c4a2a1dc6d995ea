/**
 * Rows grouped by a key, each group in the rows' own order: how a read of many matches at once
 * (one statement with `= ANY($1)`) is handed back per match without a query per row.
 */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
