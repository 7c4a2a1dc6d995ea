import { localDateTime, safeTimeZone } from './local-time';

describe('localDateTime', () => {
  it("formats in the viewer's zone, DST included, the same for a Date and for its ISO string (as the profile cache keeps it)", () => {
    const winter = new Date('2026-01-15T13:05:00.000Z');
    const summer = new Date('2026-07-15T13:05:00.000Z');
    expect(localDateTime(winter, 'America/Chicago')).toBe('01/15/2026, 7:05 AM');
    expect(localDateTime(summer, 'America/Chicago')).toBe('07/15/2026, 8:05 AM');
    expect(localDateTime(summer.toISOString(), 'America/Chicago')).toBe('07/15/2026, 8:05 AM');
    expect(localDateTime(summer.toISOString(), 'UTC')).toBe('07/15/2026, 1:05 PM');
  });

  it('answers a remembered instant again, and each zone its own', () => {
    const at = '2026-11-22T13:05:00.000Z';
    const first = localDateTime(at, 'Asia/Kolkata');
    expect(localDateTime(at, 'Asia/Kolkata')).toBe(first);
    expect(first).toBe('11/22/2026, 6:35 PM');
    expect(localDateTime(at, 'America/New_York')).toBe('11/22/2026, 8:05 AM');
  });

  it('takes UTC for a zone the runtime does not know', () => {
    expect(safeTimeZone('Mars/Olympus')).toBe('UTC');
    expect(localDateTime('2026-11-22T13:05:00.000Z', safeTimeZone('Mars/Olympus'))).toBe('11/22/2026, 1:05 PM');
  });
});
