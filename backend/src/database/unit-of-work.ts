import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DomainEventName, DomainEvents, RecordedEvent } from '../events/domain-events';
import { EventBus, type DeliveryFailure } from '../events/event-bus';

/** What a unit of work hands its body: the transaction's EntityManager, and a place to record events. */
export interface Tx {
  readonly manager: EntityManager;
  /** Records a domain event; it is delivered only if, and after, the transaction commits. */
  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void;
}

export class AfterCommitError extends Error {
  constructor(readonly failures: DeliveryFailure[]) {
    super(`after commit: ${failures.map((f) => `${f.listener} on ${f.event}: ${f.error.message}`).join('; ')}`);
  }
}

export interface UnitOfWorkOptions {
  /**
   * What a failed listener does to the caller once the transaction has committed. 'log' (the
   * default, for requests): it is logged and the caller gets its result, since the change stands.
   * 'throw' (for a job whose retry repairs what the listener missed): logged, then thrown.
   */
  afterCommitFailure?: 'log' | 'throw';
}

/**
 * The one way to write: `run` opens a transaction, hands the body a Tx, commits, then delivers the
 * events the body recorded to their listeners (pushes, job enqueues, leaderboards), in order.
 * Nobody is told about, and no job runs for, a change that was rolled back
 * (docs/architecture.md#how-a-change-flows).
 *
 * Delivery happens in this process after commit. A transactional outbox can replace it without
 * touching any caller: write the recorded events in the same transaction, and relay them to
 * EventBus.deliver from a table read with FOR UPDATE SKIP LOCKED (job ids come from domain ids,
 * so a relayed event delivered twice enqueues once).
 */
@Injectable()
export class UnitOfWork {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly bus: EventBus,
  ) {}

  async run<T>(work: (tx: Tx) => Promise<T>, options: UnitOfWorkOptions = {}): Promise<T> {
    const events: RecordedEvent[] = [];
    const result = await this.db.transaction((manager) =>
      work({ manager, emit: (name, payload) => void events.push({ name, payload } as RecordedEvent) }),
    );
    const failures = await this.bus.deliver(events);
    if (failures.length && options.afterCommitFailure === 'throw') throw new AfterCommitError(failures);
    return result;
  }

  /**
   * An event with nothing to commit (a request that only asks for work, like a mail): delivered
   * at once, and a failed listener fails the caller, since nothing stands without it.
   */
  publish<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    return this.bus.publish(name, payload);
  }
}
