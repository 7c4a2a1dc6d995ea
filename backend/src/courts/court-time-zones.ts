import { BadRequestException, Injectable } from '@nestjs/common';
import { COURT_STATS_MSG } from '@gotnext/shared';
import { CourtStatsRepository } from './court-stats.repository';

/**
 * The zone of a court's local hours, from the phone that adds it (docs/courts.md#busy-hours). The
 * zone is used in SQL (`AT TIME ZONE`), so it must be known to both Node (which spells it the
 * canonical way) and PostgreSQL; anything else is refused rather than stored.
 */
@Injectable()
export class CourtTimeZones {
  constructor(private readonly stats: CourtStatsRepository) {}

  async fromPhone(raw: unknown): Promise<string> {
    if (raw === undefined || raw === null || raw === '') return 'UTC';
    const zone = typeof raw === 'string' && raw.length <= 64 ? canonicalZone(raw) : null;
    if (!zone || !(await this.stats.knowsTimeZone(zone))) throw new BadRequestException({ message: COURT_STATS_MSG.timeZoneInvalid });
    return zone;
  }
}

/** The zone as Intl spells it ('america/new_york' is 'America/New_York'); null when Node does not know it. */
export function canonicalZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
