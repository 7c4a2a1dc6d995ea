import type { QueueRow } from './court-runs.repository';

/** One queue place: a player alone, or a group (which shares its leader's place). */
export interface QueueUnit {
  groupId: number | null;
  rows: QueueRow[];
}

/** The queue's rows (in queue order) as places: a group's rows make one place, where its first row stands. */
export function queueUnits(rows: readonly QueueRow[]): QueueUnit[] {
  const units: QueueUnit[] = [];
  const byGroup = new Map<number, QueueUnit>();
  for (const row of rows) {
    const group = row.group_id === null ? undefined : byGroup.get(row.group_id);
    if (group) {
      group.rows.push(row);
      continue;
    }
    const unit: QueueUnit = { groupId: row.group_id, rows: [row] };
    if (row.group_id !== null) byGroup.set(row.group_id, unit);
    units.push(unit);
  }
  return units;
}
