import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventBus } from './event-bus';
import { PROCESS_ROLE, type ProcessRole } from './process-role';

/**
 * The domain-event bus of one kind of process (`role`: its listeners are checked against it at
 * boot); the unit of work (database/) is its only direct user.
 */
@Module({})
export class EventsModule {
  static forRoot(role: ProcessRole): DynamicModule {
    return {
      module: EventsModule,
      imports: [DiscoveryModule],
      providers: [EventBus, { provide: PROCESS_ROLE, useValue: role }],
      exports: [EventBus, PROCESS_ROLE],
    };
  }
}
