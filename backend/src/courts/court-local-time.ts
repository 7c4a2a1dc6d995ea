import tzlookup from '@photostructure/tz-lookup';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A court's IANA zone is the zone of its position (docs/courts.md#busy-hours), never the phone's:
 * whoever adds a court may be elsewhere. Spelled as Intl spells it; UTC for open sea.
 */
export function courtTimeZone(court: { lat: number; lng: number }): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tzlookup(court.lat, court.lng) }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** The hour of the day (0-23) at a court's position, in its time zone (docs/courts.md#alerts). */
export function courtLocalHour(court: { lat: number; lng: number }, at: Date): number {
  const zone = courtTimeZone(court);
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' });
    formats.set(zone, f);
  }
  return Number(f.format(at)) % 24;
}
