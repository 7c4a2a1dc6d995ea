import { Inject, Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModuleRef } from '@nestjs/core';
import { DURABLE_EVENTS, eventContext, RECORDED_IN, type DomainEventName, type DomainEvents, type RecordedEvent } from './domain-events';
import { PROCESS_ROLE, type ProcessRole } from './process-role';

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

/**
 * Where a listener runs and, where it matters, when (docs/architecture.md#where-a-listener-runs).
 * `runsIn`: the kinds of process whose modules register it; the bus refuses to boot in any other,
 * and every process that records the event (RECORDED_IN) must be named. `order`: listeners of one
 * event run by ascending order, then those without one, by `Class.method`; never by module import order.
 */
export interface ListenerPlacement {
  runsIn: readonly [ProcessRole, ...ProcessRole[]];
  order?: number;
}

/** One declared listener: an event, the `Class.method` that handles it, and where and when it runs. */
export interface ListenerDeclaration extends ListenerPlacement {
  event: DomainEventName;
  listener: string;
}

/** Every declaration of every listener class loaded so far (for the listener table test). */
const declared: ListenerDeclaration[] = [];
export const declaredListeners = (): readonly ListenerDeclaration[] => declared;

/** Marks a provider method as a listener of a domain event; it runs after the emitting transaction committed. */
export function OnDomainEvent<K extends DomainEventName>(name: K, placement: ListenerPlacement) {
  return <T extends (payload: DomainEvents[K]) => unknown>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<T>): void => {
    const declaration: ListenerDeclaration = { event: name, listener: `${target.constructor.name}.${String(key)}`, ...placement };
    const placements: ListenerDeclaration[] = Reflect.getMetadata(LISTENS_TO, descriptor.value!) ?? [];
    Reflect.defineMetadata(LISTENS_TO, [...placements, declaration], descriptor.value!);
    declared.push(declaration);
  };
}

/** Listeners of one event in the order they run: by `order`, then unordered ones, each by name. */
export function byOrder(a: Pick<ListenerDeclaration, 'order' | 'listener'>, b: Pick<ListenerDeclaration, 'order' | 'listener'>): number {
  const [x, y] = [a.order ?? Infinity, b.order ?? Infinity];
  if (x !== y) return x < y ? -1 : 1;
  return a.listener < b.listener ? -1 : a.listener > b.listener ? 1 : 0;
}

interface Listener {
  /** `Class.method`, for log lines. */
  name: string;
  call: (payload: unknown) => unknown;
  placement?: ListenerPlacement;
}

export interface DeliveryFailure {
  event: string;
  listener: string;
  error: Error;
}

/**
 * Delivers committed domain events to their listeners, found at boot on every provider of the
 * process. Events go out in the order they were recorded, listeners one after another in their
 * declared order; one that fails is logged with the event's name and ids and does not stop the
 * others. Boot stops, naming the event and the process, when a listener is registered in a
 * process it does not name, or an event this process records has no listener here
 * (docs/architecture.md#where-a-listener-runs).
 */
@Injectable()
export class EventBus implements OnModuleInit {
  private readonly logger = new Logger('Events');
  private readonly listeners = new Map<DomainEventName, Listener[]>();

  private settled?: DeliverySettled;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
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
        const placements: ListenerDeclaration[] | undefined = Reflect.getMetadata(LISTENS_TO, proto[method]);
        for (const placement of placements ?? []) {
          const fn = instance[method] as (payload: unknown) => unknown;
          this.add(placement.event, { name: `${proto.constructor.name}.${method}`, call: (payload) => fn.call(instance, payload), placement });
        }
      }
    }
    this.refuseMisplaced();
  }

  private add(name: DomainEventName, listener: Listener): void {
    const listeners = [...(this.listeners.get(name) ?? []), listener];
    this.listeners.set(
      name,
      listeners.sort((a, b) => byOrder({ listener: a.name, order: a.placement?.order }, { listener: b.name, order: b.placement?.order })),
    );
  }

  /** The boot check: every listener here names this process, and every event recorded here has one. */
  private refuseMisplaced(): void {
    const problems: string[] = [];
    for (const [event, listeners] of this.listeners) {
      for (const { name, placement } of listeners) {
        if (placement && !placement.runsIn.includes(this.role)) {
          problems.push(`${name} (listener of ${event}) is registered in the ${this.role}, but runs in ${placement.runsIn.join(' and ')} only`);
        }
      }
    }
    for (const event of Object.keys(RECORDED_IN) as DomainEventName[]) {
      if (!RECORDED_IN[event].includes(this.role) || this.listeners.get(event)?.length) continue;
      problems.push(
        DURABLE_EVENTS[event]
          ? `durable event ${event} is relayed by the ${this.role}'s outbox, but no listener of it is registered in the ${this.role}`
          : `event ${event} is recorded in the ${this.role}, but no listener of it is registered in the ${this.role}`,
      );
    }
    if (problems.length) throw new Error(`domain-event listeners misplaced (docs/architecture.md#where-a-listener-runs): ${problems.join('; ')}`);
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
