import { CappedMap } from '../common/capped-map';

/**
 * One formatter per zone, built once: building an Intl.DateTimeFormat loads the zone's ICU data and
 * cost more than the rest of a profile read (12 % of the API's CPU in the reads bench, one per
 * history row).
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit' });
    } catch {
      f = null; // unknown zone: remembered too, so a bad value costs one try
    }
    // A client can send any string (and any spelling of a zone): the map stops growing at a cap.
    if (formatters.size < 2000) formatters.set(zone, f);
  }
  return f;
}

/** A zone the client sent, if the runtime knows it; otherwise UTC (never an error for a bad zone). */
export function safeTimeZone(zone: unknown): string {
  if (typeof zone !== 'string' || zone.length > 64) return 'UTC';
  return formatterFor(zone) ? zone : 'UTC';
}

/**
 * Formatted instants, by zone and ISO time: a profile or stats read formats the same ten matches
 * for every viewer of the player, and a format costs several times a map lookup (reads bench).
 * Capped (CappedMap), so a flood of distinct instants costs memory only up to the cap.
 */
const formatted = new CappedMap<string, string>(20_000);

/** "11/22/2026, 7:05 AM" in the viewer's zone (one that `safeTimeZone` accepted); `at` a Date or its ISO string. */
export function localDateTime(at: Date | string, zone: string): string {
  const iso = typeof at === 'string' ? at : at.toISOString();
  const key = `${zone} ${iso}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = (formatterFor(zone) ?? formatterFor('UTC')!).format(Date.parse(iso));
    formatted.set(key, text);
  }
  return text;
}
