import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventBus } from './event-bus';

/** The domain-event bus; the unit of work (database/) is its only direct user. */
@Module({
  imports: [DiscoveryModule],
  providers: [EventBus],
  exports: [EventBus],
})
export class EventsModule {}
