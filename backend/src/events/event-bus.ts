import { Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModuleRef } from '@nestjs/core';
import { eventContext, type DomainEventName, type DomainEvents, type RecordedEvent } from './domain-events';

const LISTENS_TO = Symbol('listens-to');

/**
 * What the bus waits for once the listeners of a delivery ran: in the API, every push made so far
 * taken by Redis (realtime/ binds it to RealtimePublisher), so a change is answered only then and a
 * player's next change, through any instance, is pushed after it (docs/realtime.md#order-across-instances).
 * Unbound in the worker, which answers no player.
 */
export const DELIVERY_SETTLED = Symbol('DELIVERY_SETTLED');
export interface DeliverySettled {
  /** Settles once what the listeners started has left; never rejects. */
  taken(): Promise<unknown>;
}

/** Marks a provider method as a listener of a domain event; it runs after the emitting transaction committed. */
export function OnDomainEvent<K extends DomainEventName>(name: K) {
  return <T extends (payload: DomainEvents[K]) => unknown>(_target: object, _key: string | symbol, descriptor: TypedPropertyDescriptor<T>): void => {
    const names: DomainEventName[] = Reflect.getMetadata(LISTENS_TO, descriptor.value!) ?? [];
    Reflect.defineMetadata(LISTENS_TO, [...names, name], descriptor.value!);
  };
}

interface Listener {
  /** `Class.method`, for log lines. */
  name: string;
  call: (payload: unknown) => unknown;
}

export interface DeliveryFailure {
  event: string;
  listener: string;
  error: Error;
}

/**
 * Delivers committed domain events to their listeners, found at boot on every provider of the
 * process (so the API and the worker each run the listeners they have). Events go out in the
 * order they were recorded, listeners one after another; one that fails is logged with the
 * event's name and ids and does not stop the others.
 */
@Injectable()
export class EventBus implements OnModuleInit {
  private readonly logger = new Logger('Events');
  private readonly listeners = new Map<DomainEventName, Listener[]>();

  private settled?: DeliverySettled;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Optional() private readonly moduleRef?: ModuleRef,
  ) {}

  onModuleInit(): void {
    try {
      this.settled = this.moduleRef?.get<DeliverySettled>(DELIVERY_SETTLED, { strict: false });
    } catch {
      this.settled = undefined;
    }
    const seen = new Set<object>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      // An alias (useExisting) shows the same instance twice: its listeners count once.
      if (!instance || typeof instance !== 'object' || seen.has(instance)) continue;
      seen.add(instance);
      const proto = Object.getPrototypeOf(instance);
      for (const method of this.scanner.getAllMethodNames(proto)) {
        const names: DomainEventName[] | undefined = Reflect.getMetadata(LISTENS_TO, proto[method]);
        for (const name of names ?? []) {
          const fn = instance[method] as (payload: unknown) => unknown;
          this.add(name, { name: `${proto.constructor.name}.${method}`, call: (payload) => fn.call(instance, payload) });
        }
      }
    }
  }

  private add(name: DomainEventName, listener: Listener): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }

  /** Names of the listeners of an event (for tests and boot logs). */
  listenersOf(name: DomainEventName): string[] {
    return (this.listeners.get(name) ?? []).map((l) => l.name);
  }

  /**
   * An event with no transaction behind it (a request that only asks for work, like a mail):
   * delivered at once, and a listener's failure is the caller's failure, since nothing was
   * committed that stands without it.
   */
  async publish<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    const [failure] = await this.deliver([{ name, payload } as RecordedEvent]);
    if (failure) throw failure.error;
  }

  async deliver(events: RecordedEvent[]): Promise<DeliveryFailure[]> {
    const failures: DeliveryFailure[] = [];
    for (const event of events) {
      for (const listener of this.listeners.get(event.name) ?? []) {
        try {
          await listener.call(event.payload);
        } catch (err) {
          const error = err instanceof Error ? err : new Error(String(err));
          failures.push({ event: eventContext(event), listener: listener.name, error });
          this.logger.error(`after commit: ${listener.name} failed on ${eventContext(event)}: ${error.message}`);
        }
      }
    }
    if (this.settled) await this.settled.taken();
    return failures;
  }
}
