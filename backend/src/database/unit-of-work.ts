import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { assertRecordedIn, DURABLE_EVENTS, type DomainEventName, type DomainEvents, type RecordedEvent } from '../events/domain-events';
import { EventBus, type DeliveryFailure } from '../events/event-bus';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { OutboxRepository, PROCESS_ROLE, type ProcessRole } from './outbox.repository';

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
 * The one way to write: `run` opens a transaction, hands the body a Tx, and before committing
 * writes the durable events the body recorded (DURABLE_EVENTS: job enqueues, closing sockets,
 * leaderboard updates) to the outbox in the same transaction. After the commit it delivers every
 * recorded event to its listeners, in order, and deletes the outbox rows of those delivered. An
 * event whose listener failed (Redis away), or that a crash kept from delivery, stays in the
 * outbox and OutboxRelay delivers it later (docs/jobs.md#the-outbox); listeners are idempotent
 * (job ids from domain ids), so a second delivery changes nothing. Nobody is told about, and no
 * job runs for, a change that was rolled back (docs/architecture.md#how-a-change-flows).
 */
@Injectable()
export class UnitOfWork {
  private readonly logger = new Logger('UnitOfWork');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly bus: EventBus,
    private readonly outbox: OutboxRepository,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
    @Optional() @Inject(APP_CONFIG) private readonly config?: Pick<AppConfig, 'NODE_ENV' | 'OUTBOX_TEST_PAUSE_AFTER_COMMIT'>,
  ) {}

  async run<T>(work: (tx: Tx) => Promise<T>, options: UnitOfWorkOptions = {}): Promise<T> {
    const events: RecordedEvent[] = [];
    let rowIds: (string | undefined)[] = [];
    const result = await this.db.transaction(async (manager) => {
      const value = await work({
        manager,
        emit: (name, payload) => {
          assertRecordedIn(name, this.role);
          events.push({ name, payload } as RecordedEvent);
        },
      });
      const durable = events.filter((e) => DURABLE_EVENTS[e.name]);
      const ids = durable.length ? await this.outbox.insert(manager, this.role, durable) : [];
      rowIds = events.map((e) => (DURABLE_EVENTS[e.name] ? ids.shift() : undefined));
      return value;
    });
    await this.testPauseAfterCommit(events);

    const failures: DeliveryFailure[] = [];
    const delivered: string[] = [];
    for (const [i, event] of events.entries()) {
      const failed = await this.bus.deliver([event]);
      failures.push(...failed);
      if (!failed.length && rowIds[i]) delivered.push(rowIds[i]!);
    }
    // A row left behind (this delete failing) is only delivered once more by the relay.
    await this.outbox.delete(delivered).catch((err) => this.logger.warn(`outbox rows not deleted after delivery: ${err?.message ?? err}`));
    if (failures.length && options.afterCommitFailure === 'throw') throw new AfterCommitError(failures);
    return result;
  }

  /**
   * Test only (NODE_ENV=test, OUTBOX_TEST_PAUSE_AFTER_COMMIT=<event>): stops right after the
   * commit of a transaction that recorded that event, before delivery, so a test can kill the
   * process exactly between commit and enqueue.
   */
  private async testPauseAfterCommit(events: RecordedEvent[]): Promise<void> {
    const pauseOn = this.config?.NODE_ENV === 'test' ? this.config.OUTBOX_TEST_PAUSE_AFTER_COMMIT : undefined;
    if (!pauseOn || !events.some((e) => e.name === pauseOn)) return;
    this.logger.warn(`test hook: paused after the commit of ${pauseOn}, before delivery`);
    await new Promise(() => undefined);
  }

  /**
   * A change committed by one statement on its own (no transaction to open, one round trip; e.g.
   * a direct message, docs/social.md#messages): its event goes to the listeners as `run` would
   * deliver it after the commit, a failed listener logged. Only for events that are not durable:
   * a durable one needs the outbox row written in the change's transaction, so it goes through `run`.
   */
  async committed<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    if (DURABLE_EVENTS[name]) throw new Error(`${name} is durable: record it inside run()`);
    assertRecordedIn(name, this.role);
    await this.bus.deliver([{ name, payload } as RecordedEvent]);
  }

  /**
   * An event with nothing to commit (a request that only asks for work, like a mail): delivered
   * at once, and a failed listener fails the caller, since nothing stands without it.
   */
  async publish<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    assertRecordedIn(name, this.role);
    return this.bus.publish(name, payload);
  }
}
