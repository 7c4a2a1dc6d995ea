import { Injectable, OnModuleInit } from '@nestjs/common';
import { RoomAccess } from '../realtime/room-access';
import { CourtsRepository } from './courts.repository';

/**
 * `court:{id}`: courts are public, so any logged-in player who may see the court may watch its
 * room (docs/courts.md#live-updates); a court waiting for review only its creator.
 */
@Injectable()
export class CourtRoomAccess implements OnModuleInit {
  constructor(
    private readonly access: RoomAccess,
    private readonly courts: CourtsRepository,
  ) {}

  onModuleInit(): void {
    this.access.register('court', async (userId, courtId) => (await this.courts.view(courtId, userId)) !== null);
  }
}
