import { DataSource, DataSourceOptions } from 'typeorm';
import { UserEntity } from '../users/entities/user.entity';
import { SessionEntity } from '../auth/entities/session.entity';
import { EmailTokenEntity } from '../auth/entities/email-token.entity';
import { NotificationEntity } from '../notifications/entities/notification.entity';
import { Accounts1763700000000 } from './migrations/1763700000000-Accounts';
import { Notifications1763700000100 } from './migrations/1763700000100-Notifications';

export const ENTITIES = [UserEntity, SessionEntity, EmailTokenEntity, NotificationEntity];
/** Listed explicitly (not globbed) so the same list works from ts-jest and from the compiled build. */
export const MIGRATIONS = [Accounts1763700000000, Notifications1763700000100];

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
