import { Injectable } from '@nestjs/common';
import { courtTimeZone } from './court-local-time';
import { CourtStatsRepository } from './court-stats.repository';

/**
 * The zone a new court's local hours are counted in (docs/courts.md#busy-hours): the zone of its
 * position. It is used in SQL (`AT TIME ZONE`), so a zone PostgreSQL does not know (a newer tz
 * database in Node than in the server) falls back to UTC rather than being stored.
 */
@Injectable()
export class CourtTimeZones {
  constructor(private readonly stats: CourtStatsRepository) {}

  async of(court: { lat: number; lng: number }): Promise<string> {
    const zone = courtTimeZone(court);
    return (await this.stats.knowsTimeZone(zone)) ? zone : 'UTC';
  }
}
