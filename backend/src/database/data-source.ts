import { DataSource, DataSourceOptions } from 'typeorm';
import { UserEntity } from '../users/entities/user.entity';
import { SessionEntity } from '../auth/entities/session.entity';
import { EmailTokenEntity } from '../auth/entities/email-token.entity';
import { NotificationEntity } from '../notifications/entities/notification.entity';
import { Accounts1763700000000 } from './migrations/1763700000000-Accounts';
import { Notifications1763700000100 } from './migrations/1763700000100-Notifications';
import { MatchEntity } from '../matches/entities/match.entity';
import { MatchPlayerEntity } from '../matches/entities/match-player.entity';
import { MatchReportEntity } from '../matches/entities/match-report.entity';
import { RatingEntity } from '../ratings/entities/rating.entity';
import { RatingEventEntity } from '../ratings/entities/rating-event.entity';
import { Matches1763700000200 } from './migrations/1763700000200-Matches';
import { MediaEntity } from '../media/entities/media.entity';
import { IdCheckUploadEntity } from '../verification/entities/id-check-upload.entity';
import { IdCheckEntity } from '../verification/entities/id-check.entity';
import { BlockEntity } from '../blocks/entities/block.entity';
import { Identity1763700000300 } from './migrations/1763700000300-Identity';

export const ENTITIES = [UserEntity, SessionEntity, EmailTokenEntity, NotificationEntity, MatchEntity, MatchPlayerEntity, MatchReportEntity, RatingEntity, RatingEventEntity, MediaEntity, IdCheckUploadEntity, IdCheckEntity, BlockEntity];
/** Listed explicitly (not globbed) so the same list works from ts-jest and from the compiled build. */
export const MIGRATIONS = [Accounts1763700000000, Notifications1763700000100, Matches1763700000200, Identity1763700000300];

/** Schema changes happen only through migrations: synchronize stays off in every mode. */
export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    // Off: TypeORM's error log prints query parameters, which can hold password hashes and tokens.
    logging: false,
    extra: { max: 20 },
  };
}

export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource(dataSourceOptions(databaseUrl));
}
