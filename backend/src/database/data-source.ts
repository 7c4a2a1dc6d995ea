import { DataSource, DataSourceOptions } from 'typeorm';
import { Accounts1763700000000 } from './migrations/1763700000000-Accounts';
import { Notifications1763700000100 } from './migrations/1763700000100-Notifications';
import { Matches1763700000200 } from './migrations/1763700000200-Matches';
import { Identity1763700000300 } from './migrations/1763700000300-Identity';
import { UsernameNormalized1763810000000 } from './migrations/1763810000000-UsernameNormalized';
import { Friends1763830000000 } from './migrations/1763830000000-Friends';
import { DirectMessages1763830000100 } from './migrations/1763830000100-DirectMessages';
import { PlayerReports1763830000200 } from './migrations/1763830000200-PlayerReports';
import { Leaderboards1763840000000 } from './migrations/1763840000000-Leaderboards';
import { Articles1763840000100 } from './migrations/1763840000100-Articles';
import { ClosedPreferences1763820000000 } from './migrations/1763820000000-ClosedPreferences';
import { Outbox1763820000100 } from './migrations/1763820000100-Outbox';
import { IdentityDocuments1763850000000 } from './migrations/1763850000000-IdentityDocuments';
import { Leagues1763860000000 } from './migrations/1763860000000-Leagues';
import { LeagueMatches1763870000000 } from './migrations/1763870000000-LeagueMatches';
import { PlayLoop1763900000000 } from './migrations/1763900000000-PlayLoop';
import { Push1763880000000 } from './migrations/1763880000000-Push';
import { MatchChangeTeam1763910000000 } from './migrations/1763910000000-MatchChangeTeam';
import { DirectMessagesPartnerIndex1763910000100 } from './migrations/1763910000100-DirectMessagesPartnerIndex';
import { ChatMessagesWithoutForeignKeys1763920000500 } from './migrations/1763920000500-ChatMessagesWithoutForeignKeys';
import { MatchChangeTeamAsyncCommit1763920000600 } from './migrations/1763920000600-MatchChangeTeamAsyncCommit';
import { RatingWrites1763930000000 } from './migrations/1763930000000-RatingWrites';
import { Courts1764600000000 } from './migrations/1764600000000-Courts';
import { FaceTemplates1764700000000 } from './migrations/1764700000000-FaceTemplates';
import { OpenLobbies1764820000000 } from './migrations/1764820000000-OpenLobbies';
import { RatingUncertainty1764910000000 } from './migrations/1764910000000-RatingUncertainty';
import { WitnessedAppend1764915000000 } from './migrations/1764915000000-WitnessedAppend';
import { ChatMonthPartitions1764920000000 } from './migrations/1764920000000-ChatMonthPartitions';
import { WitnessedAppendLast1764925000000 } from './migrations/1764925000000-WitnessedAppendLast';
import { Integrity1764905000000 } from './migrations/1764905000000-Integrity';
import { CourtStats1764800000000 } from './migrations/1764800000000-CourtStats';
import { CourtGameEnded1764810000000 } from './migrations/1764810000000-CourtGameEnded';
import { PushDeviceFailures1763940000000 } from './migrations/1763940000000-PushDeviceFailures';
import { MatchesOpenDeadlinesIndex1763940000100 } from './migrations/1763940000100-MatchesOpenDeadlinesIndex';
import { WitnessedScore1764900000000 } from './migrations/1764900000000-WitnessedScore';

/** Listed explicitly (not globbed) so the same list works from ts-jest and from the compiled build. */
export const MIGRATIONS = [
  Accounts1763700000000,
  Notifications1763700000100,
  Matches1763700000200,
  Identity1763700000300,
  UsernameNormalized1763810000000,
  ClosedPreferences1763820000000,
  Outbox1763820000100,
  Friends1763830000000,
  DirectMessages1763830000100,
  PlayerReports1763830000200,
  Leaderboards1763840000000,
  Articles1763840000100,
  IdentityDocuments1763850000000,
  Leagues1763860000000,
  LeagueMatches1763870000000,
  PlayLoop1763900000000,
  Push1763880000000,
  MatchChangeTeam1763910000000,
  DirectMessagesPartnerIndex1763910000100,
  ChatMessagesWithoutForeignKeys1763920000500,
  MatchChangeTeamAsyncCommit1763920000600,
  RatingWrites1763930000000,
  Courts1764600000000,
  FaceTemplates1764700000000,
  CourtStats1764800000000,
  CourtGameEnded1764810000000,
  PushDeviceFailures1763940000000,
  MatchesOpenDeadlinesIndex1763940000100,
  OpenLobbies1764820000000,
  WitnessedScore1764900000000,
  Integrity1764905000000,
  RatingUncertainty1764910000000,
  WitnessedAppend1764915000000,
  ChatMonthPartitions1764920000000,
  WitnessedAppendLast1764925000000,
];

/**
 * How long a pooled connection may sit idle before it is closed: 5 minutes, not pg-pool's 10 s
 * (docs/architecture.md#pool-connections). A connection the pool opens in a burst is a new
 * PostgreSQL backend whose caches are cold and whose named statements are not planned yet: on the
 * 2-core VM its first Change Team took 60–160 ms against ~3 ms on a warm one. Closing it 10 s
 * after the burst meant the next burst opened cold ones again, just when requests were queueing
 * (bench/lobby.bench.mjs: Change Team p99 13–626 ms over 7 runs with 10 s, 10–17 ms over 6 with
 * 5 minutes).
 */
export const POOL_IDLE_MS = 5 * 60_000;

/**
 * Schema changes happen only through migrations: synchronize stays off in every mode. Entities are
 * not listed here: each feature module registers its own (autoLoadEntities in DatabaseModule), so
 * this folder depends on no feature.
 */
export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    // Off: TypeORM's error log prints query parameters, which can hold password hashes and tokens.
    logging: false,
    extra: { max: 20, idleTimeoutMillis: POOL_IDLE_MS },
  };
}

/** A plain data source for the command-line tools (migrate, ratings:rebuild), which run raw SQL only. */
export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource(dataSourceOptions(databaseUrl));
}
