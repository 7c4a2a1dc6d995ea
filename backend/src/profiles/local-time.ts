/** A zone the client sent, if the runtime knows it; otherwise UTC (never an error for a bad zone). */
export function safeTimeZone(zone: unknown): string {
  if (typeof zone !== 'string' || zone.length > 64) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** "11/22/2026, 7:05 AM" in the viewer's zone. */
export function localDateTime(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit' }).format(at);
}
