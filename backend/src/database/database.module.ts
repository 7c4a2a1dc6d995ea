import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from '../events/events.module';
import { dataSourceOptions } from './data-source';
import { UnitOfWork } from './unit-of-work';
import { OutboxRepository } from './outbox.repository';
import { OutboxRelay } from './outbox-relay';

/**
 * PostgreSQL (TypeORM; each feature registers its own entities with TypeOrmModule.forFeature),
 * the unit of work and the outbox relay (docs/jobs.md#the-outbox). Global, like config and Redis: every repository and service needs it.
 */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(databaseUrl), autoLoadEntities: true }), EventsModule],
      providers: [UnitOfWork, OutboxRepository, OutboxRelay],
      exports: [UnitOfWork, OutboxRepository, OutboxRelay],
    };
  }
}
