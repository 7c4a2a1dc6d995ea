import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { EventBus } from '../events/event-bus';
import { eventContext } from '../events/domain-events';
import { OutboxRepository, PROCESS_ROLE, type ProcessRole } from './outbox.repository';

/** Rows younger than this are still being delivered by the process that committed them. */
export const OUTBOX_GRACE_MS = 5000;
/** Rows one relay pass claims. */
const BATCH = 100;

/**
 * Delivers what the unit of work could not (docs/jobs.md#the-outbox): outbox rows older than the
 * grace period, because their process died between commit and delivery, or a listener failed
 * (Redis away). Every API instance and the worker run one, each relaying the rows its kind of
 * process wrote (the API and the worker do not have the same listeners: mail is scheduled by the
 * API only); `FOR UPDATE SKIP LOCKED` gives each row to one relay at a time, and a restarted
 * process picks up where the dead one stopped.
 * Delivered rows are deleted; a failing one stays, counted, for the next pass.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly bus: EventBus,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.relayOnce()
        .then((count) => this.schedule(count === BATCH ? 0 : this.config.OUTBOX_RELAY_INTERVAL_MS))
        .catch((err) => {
          this.logger.warn(`outbox relay pass failed: ${err?.message ?? err}`);
          this.schedule(this.config.OUTBOX_RELAY_INTERVAL_MS);
        });
    }, delay);
    this.timer.unref();
  }

  /** One pass: claim, deliver, delete or count the failure. The number of rows claimed. */
  async relayOnce(graceMs = OUTBOX_GRACE_MS): Promise<number> {
    return this.db.transaction(async (m) => {
      const rows = await this.outbox.claim(m, this.role, graceMs, BATCH);
      const delivered: string[] = [];
      for (const row of rows) {
        const failures = await this.bus.deliver([row.event]);
        if (failures.length) await this.outbox.markFailed(row.id, failures.map((f) => `${f.listener}: ${f.error.message}`).join('; '), m);
        else delivered.push(row.id);
      }
      await this.outbox.delete(delivered, m);
      if (delivered.length) this.logger.log(`relayed ${delivered.length} outbox event(s), e.g. ${eventContext(rows.find((r) => r.id === delivered[0])!.event)}`);
      return rows.length;
    });
  }
}
