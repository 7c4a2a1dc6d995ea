import { COURT_LIMITS } from './constants';

/** Whether an hour of the day (0-23, the court's local time) is in the quiet hours (docs/courts.md#alerts). */
export function inQuietHours(hour: number): boolean {
  return hour >= COURT_LIMITS.quietFromHour || hour < COURT_LIMITS.quietUntilHour;
}

/** The court page a court push opens on a tap. */
export const courtPath = (courtId: number): string => `/court/${courtId}`;
