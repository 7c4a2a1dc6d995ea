import { Module } from '@nestjs/common';
import { PresenceGateway } from './presence.gateway';
import { PresenceModule } from './presence.module';
import { PresenceRepository } from './presence.repository';

/** The API's presence gateway: counts every socket, pushes a player's changes to those watching them. */
@Module({ imports: [PresenceModule], providers: [PresenceGateway, PresenceRepository] })
export class PresenceSocketModule {}
