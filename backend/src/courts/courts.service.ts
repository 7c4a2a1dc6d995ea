import { BadRequestException, ConflictException, ForbiddenException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import {
  COURT_LIMITS,
  COURT_MSG,
  addCourtProblem,
  boundingBox,
  courtNameKey,
  isLatLng,
  normalizeCourtName,
  type AddCourtRequest,
  type Court,
  type CourtSummary,
  type CourtsQuery,
} from '@gotnext/shared';
import { RefusalWithDetails } from '../common/refusal-with-details';
import { UnitOfWork } from '../database/unit-of-work';
import { UsersRepository } from '../users/users.repository';
import { CourtsRepository } from './courts.repository';
import { CourtRunsRepository } from './court-runs.repository';
import { CourtTimeZones } from './court-time-zones';

/** A 409 that offers the court already there (docs/courts.md#adding-a-court). */
export class DuplicateCourtException extends RefusalWithDetails {
  constructor(existing: Court) {
    super(409, COURT_MSG.duplicate(existing.name), { existing });
  }
}

/** Adding, finding, flagging and favouriting courts, and their settings (docs/courts.md). */
@Injectable()
export class CourtsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly courts: CourtsRepository,
    private readonly runs: CourtRunsRepository,
    private readonly users: UsersRepository,
    private readonly zones: CourtTimeZones,
  ) {}

  /**
   * Verified players only; the same name within a short distance is the court already there; at
   * most a few adds a day. Name and player locks make two racing adds of one court make one.
   */
  async add(actorId: number, body: AddCourtRequest): Promise<Court> {
    const problem = addCourtProblem(body);
    if (problem) throw new BadRequestException({ message: problem });
    const name = normalizeCourtName(body.name);
    const nameKey = courtNameKey(name);
    const timeZone = await this.zones.of(body);
    return this.uow.run(async (tx) => {
      if (!(await this.users.isVerified(actorId, tx.manager))) throw new ForbiddenException({ message: COURT_MSG.verifiedToAdd });
      await this.courts.lockAdd(nameKey, actorId, tx.manager);
      const existing = await this.courts.sameNameNear(nameKey, body.lat, body.lng, COURT_LIMITS.duplicateRadiusM, tx.manager);
      if (existing !== null) {
        const court = await this.courts.view(existing, actorId, tx.manager);
        if (court) throw new DuplicateCourtException(court);
        // Waiting for review and someone else's: still the same court, named without its details.
        throw new ConflictException({ message: COURT_MSG.duplicate(name) });
      }
      if ((await this.courts.addsInLastDay(actorId, tx.manager)) >= COURT_LIMITS.addsPerDay)
        throw new HttpException({ message: COURT_MSG.tooManyAdds }, HttpStatus.TOO_MANY_REQUESTS);
      const id = await this.courts.insert(
        {
          name,
          nameKey,
          address: (body.address ?? '').trim(),
          lat: body.lat,
          lng: body.lng,
          region: await this.courts.region(actorId, tx.manager),
          indoor: body.indoor,
          hoops: body.hoops,
          gameSize: body.game_size,
          notes: (body.notes ?? '').trim(),
          creatorId: actorId,
          timeZone,
        },
        tx.manager,
      );
      return (await this.courts.view(id, actorId, tx.manager))!;
    });
  }

  /**
   * Near a point (when the caller shares one), else by name, else in a region (the caller's
   * state/region by default); the caller's favourites first either way.
   */
  async list(viewerId: number, query: CourtsQuery): Promise<CourtSummary[]> {
    const lat = query.lat === undefined ? null : Number(query.lat);
    const lng = query.lng === undefined ? null : Number(query.lng);
    const hasPoint = lat !== null && lng !== null;
    if ((lat !== null || lng !== null) && !(hasPoint && isLatLng(lat, lng))) throw new BadRequestException({ message: COURT_MSG.locationInvalid });
    const name = typeof query.query === 'string' ? courtNameKey(query.query).slice(0, COURT_LIMITS.nameMax) : '';
    if (name) return this.courts.byName(viewerId, name, lat, lng, COURT_LIMITS.searchLimit);
    let found: CourtSummary[];
    let favourites: CourtSummary[];
    if (hasPoint) {
      const radius = COURT_LIMITS.nearRadiusKm * 1000;
      ({ near: found, favourites } = await this.courts.nearby(viewerId, lat, lng, boundingBox({ lat, lng }, radius), radius, COURT_LIMITS.nearLimit));
    } else {
      const region = typeof query.region === 'string' && query.region.trim() ? query.region.trim().slice(0, 60) : await this.courts.region(viewerId);
      found = await this.courts.byRegion(viewerId, region, COURT_LIMITS.searchLimit);
      favourites = await this.courts.favourites(viewerId, lat, lng);
    }
    const ids = new Set(favourites.map((c) => c.court_id));
    return [...favourites, ...found.filter((c) => !ids.has(c.court_id))];
  }

  async visible(courtId: number, viewerId: number): Promise<Court> {
    const court = await this.courts.view(courtId, viewerId);
    if (!court) throw new NotFoundException({ message: COURT_MSG.courtNotFound });
    return court;
  }

  async flag(actorId: number, courtId: number, reason: unknown): Promise<void> {
    if (reason !== undefined && (typeof reason !== 'string' || reason.length > COURT_LIMITS.flagReasonMax)) throw new BadRequestException({ message: COURT_MSG.flagReasonTooLong });
    await this.visible(courtId, actorId);
    if (!(await this.courts.flag(courtId, actorId, ((reason as string | undefined) ?? '').trim()))) throw new ConflictException({ message: COURT_MSG.alreadyFlagged });
  }

  async favourite(actorId: number, courtId: number, favourite: boolean): Promise<void> {
    await this.visible(courtId, actorId);
    await this.courts.setFavourite(courtId, actorId, favourite);
  }

  /** Winner stays on: the court's creator, or the host of its run. */
  async setWinnerStays(actorId: number, courtId: number, games: unknown): Promise<void> {
    if (!Number.isInteger(games) || (games as number) < 0 || (games as number) > COURT_LIMITS.winnerStaysMax)
      throw new BadRequestException({ message: COURT_MSG.winnerStaysInvalid });
    await this.uow.run(async (tx) => {
      const court = await this.courts.view(courtId, actorId, tx.manager);
      if (!court) throw new NotFoundException({ message: COURT_MSG.courtNotFound });
      const session = await this.runs.lockOpenSession(courtId, tx.manager);
      if (court.creator_id !== actorId && session?.host_id !== actorId) throw new ForbiddenException({ message: COURT_MSG.settingsNotAllowed });
      await this.courts.setWinnerStays(courtId, games as number, tx.manager);
      tx.emit('court.changed', { courtId });
    });
  }
}
