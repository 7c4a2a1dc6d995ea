/**
 * What a write did to the boards, published to every API instance so each drops exactly the
 * cached pages it made stale (docs/leaderboards.md#caching).
 *
 * A player moving from rank a to rank b shifts everyone between them by one, so only positions
 * min(a, b)…max(a, b) change; a player joining or leaving shifts everyone below to the end of
 * the board, and changes its size. Ranks here are 0-based.
 */
export interface ScopeChange {
  scope: string;
  from: number;
  /** Last position touched; null: to the end of the board. */
  to: number | null;
  /** The board gained or lost a player. */
  resized: boolean;
}

export interface LeaderboardChanges {
  /** Everything may have changed (a rebuild): drop every cached page. */
  all?: boolean;
  scopes: ScopeChange[];
}

/** Reads the refresh script's `scope, before, after` triples (-1 = not listed). */
export function changesFromScript(flat: (string | number)[]): ScopeChange[] {
  const out: ScopeChange[] = [];
  for (let i = 0; i + 2 < flat.length; i += 3) {
    const scope = String(flat[i]);
    const before = Number(flat[i + 1]);
    const after = Number(flat[i + 2]);
    if (before < 0 && after < 0) continue;
    const listedBoth = before >= 0 && after >= 0;
    out.push({
      scope,
      from: listedBoth ? Math.min(before, after) : Math.max(before, after),
      to: listedBoth ? Math.max(before, after) : null,
      resized: !listedBoth,
    });
  }
  return out;
}

/** Whether a change reaches positions first…last (0-based, inclusive) of its scope. */
export function touches(change: ScopeChange, first: number, last: number): boolean {
  return change.from <= last && (change.to === null || change.to >= first);
}
