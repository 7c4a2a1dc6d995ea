import { Logger } from '@nestjs/common';
import { MetadataScanner } from '@nestjs/core';
import { EventBus, OnDomainEvent, type ListenerPlacement } from './event-bus';
import { eventContext, RECORDED_IN, type DomainEventName } from './domain-events';
import type { ProcessRole } from './process-role';

/** A bus with hand-registered listeners (discovery is exercised by every integration test). */
function busWith(listeners: Record<string, ((p: unknown) => unknown)[]>): EventBus {
  const bus = new EventBus({ getProviders: () => [] } as never, {} as never, 'api');
  for (const [name, fns] of Object.entries(listeners)) fns.forEach((fn, i) => (bus as unknown as { add: (n: string, l: object) => void }).add(name, { name: `L${i}`, call: fn }));
  return bus;
}

describe('EventBus.deliver', () => {
  it('runs every listener in order, logs a failure with the event name and ids, and goes on', async () => {
    const errors: string[] = [];
    jest.spyOn(Logger.prototype, 'error').mockImplementation((m: unknown) => void errors.push(String(m)));
    const ran: string[] = [];
    const bus = busWith({
      'match.completed': [
        () => void ran.push('first'),
        () => {
          throw new Error('redis away');
        },
        () => void ran.push('third'),
      ],
    });
    const failures = await bus.deliver([{ name: 'match.completed', payload: { matchId: 7, ranked: true, voided: false } }]);
    expect(ran).toEqual(['first', 'third']);
    expect(failures).toHaveLength(1);
    expect(errors).toEqual(['after commit: L1 failed on match.completed matchId=7 ranked=true voided=false: redis away']);
  });

  it("answers only once the process's pushes have been taken by Redis (docs/realtime.md#order-across-instances)", async () => {
    let take!: () => void;
    const taken = new Promise<void>((ok) => (take = ok));
    const moduleRef = { get: () => ({ taken: () => taken }) };
    const providers = [{ instance: listenerClass('Everything', recordedIn('api'), { runsIn: ['api'] }) }];
    const bus = new EventBus({ getProviders: () => providers } as never, new MetadataScanner(), 'api', moduleRef as never);
    bus.onModuleInit();
    let delivered = false;
    void bus.deliver([{ name: 'match.completed', payload: { matchId: 7, ranked: true, voided: false } }]).then(() => (delivered = true));
    await new Promise((r) => setImmediate(r));
    expect(delivered).toBe(false);
    take();
    await new Promise((r) => setImmediate(r));
    expect(delivered).toBe(true);
  });

  it('never puts an address, a link or a text into the log context', () => {
    expect(eventContext({ name: 'mail.requested', payload: { kind: 'reset_password', email: 'a@b.c' } })).toBe('mail.requested kind=reset_password');
    expect(eventContext({ name: 'mail.requested', payload: { kind: 'verify_email', userId: 3 } })).toBe('mail.requested kind=verify_email userId=3');
    expect(eventContext({ name: 'notification.created', payload: { userId: 4, notification: { id: 1, type: 't', message: 'secret text', read: false, timestamp: '' } } })).toBe(
      'notification.created userId=4',
    );
  });
});

/**
 * A provider class named `name` whose method `on_<event>` listens to each given event with the
 * given placement, decorated exactly as @OnDomainEvent decorates a method.
 */
function listenerClass(name: string, events: DomainEventName[], placement: ListenerPlacement, calls: string[] = []): object {
  const cls = { [name]: class {} }[name]!;
  for (const event of events) {
    const key = `on_${event}`;
    const descriptor: PropertyDescriptor = { value: () => void calls.push(`${name}.${key}`), writable: true, configurable: true };
    OnDomainEvent(event, placement)(cls.prototype, key, descriptor as TypedPropertyDescriptor<(p: unknown) => unknown>);
    Object.defineProperty(cls.prototype, key, descriptor);
  }
  return new cls();
}

/** A bus of one kind of process over these provider instances, booted as Nest boots it. */
function boot(role: ProcessRole, instances: object[]): EventBus {
  const bus = new EventBus({ getProviders: () => instances.map((instance) => ({ instance })) } as never, new MetadataScanner(), role);
  bus.onModuleInit();
  return bus;
}

const recordedIn = (role: ProcessRole) => (Object.keys(RECORDED_IN) as DomainEventName[]).filter((e) => RECORDED_IN[e].includes(role));

describe('EventBus at boot (docs/architecture.md#where-a-listener-runs)', () => {
  it('boots when every event the process records has a listener there, each naming the process', () => {
    const bus = boot('worker', [listenerClass('Everything', recordedIn('worker'), { runsIn: ['api', 'worker'] })]);
    expect(bus.listenersOf('match.in-moderation')).toEqual(['Everything.on_match.in-moderation']);
  });

  it('refuses to boot, naming the event and the process, when a durable event loses its listener where it is relayed', () => {
    const events = recordedIn('worker').filter((e) => e !== 'match.in-moderation');
    expect(() => boot('worker', [listenerClass('AllButOne', events, { runsIn: ['api', 'worker'] })])).toThrow(
      "durable event match.in-moderation is relayed by the worker's outbox, but no listener of it is registered in the worker",
    );
  });

  it('does not ask a process for a listener of an event it never records', () => {
    // mail.requested is durable, but only the API records (and so relays) it.
    expect(() => boot('worker', [listenerClass('WorkerSide', recordedIn('worker'), { runsIn: ['worker'] })])).not.toThrow();
    expect(() =>
      boot('api', [
        listenerClass(
          'ApiSide',
          recordedIn('api').filter((e) => e !== 'mail.requested'),
          { runsIn: ['api'] },
        ),
      ]),
    ).toThrow("durable event mail.requested is relayed by the api's outbox, but no listener of it is registered in the api");
  });

  it('refuses to boot when a listener is registered in a process it does not name', () => {
    const all = listenerClass('Everything', recordedIn('worker'), { runsIn: ['worker'] });
    expect(() => boot('worker', [all, listenerClass('MailScheduler', ['mail.requested'], { runsIn: ['api'] })])).toThrow(
      'MailScheduler.on_mail.requested (listener of mail.requested) is registered in the worker, but runs in api only',
    );
  });

  it('runs the listeners of an event by their declared order, then the unordered ones by name, whatever the registration order', async () => {
    const calls: string[] = [];
    const everything = listenerClass(
      'Everything',
      recordedIn('worker').filter((e) => e !== 'match.changed'),
      { runsIn: ['worker'] },
    );
    const unorderedB = listenerClass('B', ['match.changed'], { runsIn: ['worker'] }, calls);
    const second = listenerClass('Z', ['match.changed'], { runsIn: ['worker'], order: 2 }, calls);
    const unorderedA = listenerClass('A', ['match.changed'], { runsIn: ['worker'] }, calls);
    const first = listenerClass('Y', ['match.changed'], { runsIn: ['worker'], order: 1 }, calls);
    for (const providers of [
      [unorderedB, second, everything, unorderedA, first],
      [first, unorderedA, everything, second, unorderedB],
    ]) {
      calls.length = 0;
      const bus = boot('worker', providers);
      expect(bus.listenersOf('match.changed')).toEqual(['Y.on_match.changed', 'Z.on_match.changed', 'A.on_match.changed', 'B.on_match.changed']);
      await bus.deliver([{ name: 'match.changed', payload: { matchId: 1, status: 'waiting' } }]);
      expect(calls).toEqual(['Y.on_match.changed', 'Z.on_match.changed', 'A.on_match.changed', 'B.on_match.changed']);
    }
  });
});
