import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from '../events/events.module';
import { dataSourceOptions } from './data-source';
import { UnitOfWork } from './unit-of-work';
import { OutboxRepository, type ProcessRole } from './outbox.repository';
import { OutboxRelay } from './outbox-relay';

/**
 * PostgreSQL (TypeORM; each feature registers its own entities with TypeOrmModule.forFeature),
 * the unit of work and the outbox relay (docs/jobs.md#the-outbox). Global, like config and Redis: every repository and service needs it.
 */
@Global()
@Module({})
export class DatabaseModule {
  /** `role`: which kind of process this is; its outbox rows are relayed only by its kind (docs/jobs.md#the-outbox). */
  static forRoot(databaseUrl: string, role: ProcessRole): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(databaseUrl), autoLoadEntities: true }), EventsModule.forRoot(role)],
      providers: [UnitOfWork, OutboxRepository, OutboxRelay],
      exports: [UnitOfWork, OutboxRepository, OutboxRelay],
    };
  }
}
