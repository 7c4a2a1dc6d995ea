import tzlookup from '@photostructure/tz-lookup';

const formats = new Map<string, Intl.DateTimeFormat>();

/** The hour of the day (0-23) at a court's position, in its time zone (docs/courts.md#alerts). */
export function courtLocalHour(court: { lat: number; lng: number }, at: Date): number {
  const zone = tzlookup(court.lat, court.lng);
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' });
    formats.set(zone, f);
  }
  return Number(f.format(at)) % 24;
}
