import { Injectable, OnModuleInit } from '@nestjs/common';
import { RoomAccess } from '../realtime/room-access';
import { MatchesRepository } from './matches.repository';

/** Only players of a match may join its `match:{id}` room (docs/realtime.md). */
@Injectable()
export class MatchRoomAccess implements OnModuleInit {
  constructor(
    private readonly access: RoomAccess,
    private readonly matches: MatchesRepository,
  ) {}

  onModuleInit(): void {
    this.access.register('match', (userId, matchId) => this.matches.isPlayer(matchId, userId));
  }
}
