import { Module, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { QUEUES, type MatchDeadlineJob, type RatingJob } from '../jobs/queues';
import { Notifier } from '../notifications/notifier';
import { RealtimePublisher } from '../realtime/realtime.publisher';
import { RoomAccess } from '../realtime/room-access';
import { QUEUE_TOKENS } from '../jobs/queues';
import { MatchEffects } from './match-effects';
import { MatchLobbyService } from './match-lobby.service';
import { MatchScoresService } from './match-scores.service';
import { MatchesController } from './matches.controller';

/** Only players of a match may join its `match:{id}` room. */
class MatchRoomAccess implements OnModuleInit {
  constructor(
    private readonly access: RoomAccess,
    private readonly db: DataSource,
  ) {}

  onModuleInit(): void {
    this.access.register('match', async (userId, matchId) => {
      const rows: unknown[] = await this.db.query(`SELECT 1 FROM match_players WHERE match_id = $1 AND user_id = $2`, [matchId, userId]);
      return rows.length > 0;
    });
  }
}

@Module({
  controllers: [MatchesController],
  providers: [
    {
      provide: MatchEffects,
      inject: [Notifier, RealtimePublisher, QUEUE_TOKENS[QUEUES.rating], QUEUE_TOKENS[QUEUES.matchDeadlines]],
      useFactory: (n: Notifier, p: RealtimePublisher, rating: Queue<RatingJob>, deadlines: Queue<MatchDeadlineJob>) => new MatchEffects(n, p, rating, deadlines),
    },
    { provide: MatchRoomAccess, inject: [RoomAccess, DataSource], useFactory: (a: RoomAccess, db: DataSource) => new MatchRoomAccess(a, db) },
    MatchLobbyService,
    MatchScoresService,
  ],
})
export class MatchesModule {}
