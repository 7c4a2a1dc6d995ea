import type { RouteDef } from '../api/routes';

/**
 * A court's busy hours and leaders (docs/courts.md#busy-hours, #court-leaders): the numbers, the
 * wire types, the calls and the pure rule that words the heat map for a screen reader.
 */
export const COURT_STATS = {
  /** Busy hours read the check-ins that started in this many weeks. */
  busyWeeks: 8,
  /** Leaders count the ranked games made at the court in this many days. */
  leaderDays: 90,
  /** Court King: at least this many ranked games at the court in `leaderDays`. */
  kingMinGames: 5,
  /** How long one API instance reuses a court's busy hours (they move by the hour). */
  busyCacheSeconds: 600,
  /** The longest one API instance reuses a court's leaders when its games have not changed. */
  leadersCacheSeconds: 300,
  /** The courts a profile's titles are looked for at (the player's most played in `leaderDays`). */
  titleCourtsMax: 10,
} as const;

/** Monday first, as the grid's rows (ISO day of week − 1). */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export interface CourtBusyHours {
  /** The court's IANA zone; days and hours are local to the court. */
  time_zone: string;
  weeks: number;
  /** counts[day][hour]: day 0 is Monday, hour 0..23; check-ins live in that hour, summed over the weeks. */
  counts: number[][];
}

export interface CourtLeader {
  user_id: number;
  username: string;
  /** Ranked games at the court in the window. */
  games: number;
  /** The shown rating ("4.512"); absent when the player hides it (docs/matches.md#profiles). */
  rating?: string;
}

export interface CourtLeaders {
  /** Highest rating among players with at least `king_min_games` ranked games here. */
  king: CourtLeader | null;
  /** Most ranked games here. */
  legend: CourtLeader | null;
  king_min_games: number;
  days: number;
}

export interface CourtStatsResponse {
  court_id: number;
  busy_hours: CourtBusyHours;
  leaders: CourtLeaders;
}

export type CourtTitleKind = 'king' | 'legend';

export interface CourtTitle {
  court_id: number;
  court_name: string;
  title: CourtTitleKind;
}

export interface CourtTitlesResponse {
  titles: CourtTitle[];
}

export const COURT_TITLE_NAMES: Record<CourtTitleKind, string> = { king: 'Court King', legend: 'Court Legend' };

export const COURT_STATS_MSG = {
  noCheckins: `No check-ins here in the last ${COURT_STATS.busyWeeks} weeks.`,
  noKing: `No Court King yet: it takes ${COURT_STATS.kingMinGames} ranked games here in ${COURT_STATS.leaderDays} days.`,
  noLegend: `No ranked games here in the last ${COURT_STATS.leaderDays} days.`,
} as const;

/** "6 pm", "12 am"; 24 is midnight at the end of the day. */
function hourText(hour: number): { n: number; half: 'am' | 'pm' } {
  const h = hour % 24;
  return { n: h % 12 === 0 ? 12 : h % 12, half: h < 12 ? 'am' : 'pm' };
}

/** "6–8 pm", "11 am–1 pm", "11 pm–12 am". */
export function hourSpanText(from: number, to: number): string {
  const a = hourText(from);
  const b = hourText(to);
  return a.half === b.half ? `${a.n}–${b.n} ${b.half}` : `${a.n} ${a.half}–${b.n} ${b.half}`;
}

/**
 * The busiest two hours of the week on one day ("Sat 6–8 pm"): the pair of neighbouring hours with
 * the most check-ins; null when there were none.
 */
export function busiestWindow(counts: number[][]): { day: number; from: number; to: number } | null {
  let best = { day: -1, from: 0, to: 0, sum: 0 };
  for (let day = 0; day < counts.length; day += 1) {
    const hours = counts[day];
    for (let h = 0; h < 23; h += 1) {
      const sum = (hours[h] ?? 0) + (hours[h + 1] ?? 0);
      // On a tie, the pair that starts at its busier hour: one busy hour reads from that hour.
      if (sum > best.sum || (sum === best.sum && sum > 0 && hours[h] > (counts[best.day]?.[best.from] ?? 0))) best = { day, from: h, to: h + 2, sum };
    }
  }
  return best.day < 0 ? null : { day: best.day, from: best.from, to: best.to };
}

/** The heat map's text alternative: "Busiest: Sat 6–8 pm", or that there were no check-ins. */
export function busiestText(counts: number[][]): string {
  const w = busiestWindow(counts);
  return w ? `Busiest: ${WEEKDAYS[w.day]} ${hourSpanText(w.from, w.to)}` : COURT_STATS_MSG.noCheckins;
}

/** The court stats wire types; ROUTES' WireTypes extends this. */
export interface CourtStatsWireTypes {
  CourtStatsResponse: CourtStatsResponse;
  CourtTitlesResponse: CourtTitlesResponse;
}

export const COURT_STATS_ROUTES = {
  courtStats: {
    method: 'GET',
    path: '/api/courts/{courtId}/stats',
    auth: 'required',
    tag: 'courts',
    status: 200,
    summary: "A court's busy hours (a week of local hours from its check-ins) and leaders (Court King, Court Legend).",
    response: 'CourtStatsResponse',
  },
  courtTitles: {
    method: 'GET',
    path: '/api/court-titles/{userId}',
    auth: 'required',
    tag: 'courts',
    status: 200,
    summary: "The courts where a player is Court King or Court Legend (their profile's titles).",
    response: 'CourtTitlesResponse',
  },
} as const satisfies Record<string, RouteDef>;
