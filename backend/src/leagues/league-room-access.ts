import { Injectable, OnModuleInit } from '@nestjs/common';
import { RoomAccess } from '../realtime/room-access';
import { LeaguesRepository } from './leagues.repository';

/**
 * Only members may join `league:{id}` (docs/realtime.md#rooms), checked in the database at every
 * join; a member who leaves is taken out at once (RealtimeListeners.leaveLeagueRoom).
 */
@Injectable()
export class LeagueRoomAccess implements OnModuleInit {
  constructor(
    private readonly access: RoomAccess,
    private readonly leagues: LeaguesRepository,
  ) {}

  onModuleInit(): void {
    this.access.register('league', (userId, leagueId) => this.leagues.isMember(leagueId, userId));
  }
}
