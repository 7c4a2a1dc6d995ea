import type { INestApplicationContext } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { createTestEnv, type TestEnv } from './support/harness';
import { byOrder, declaredListeners, EventBus } from '../src/events/event-bus';
import { DURABLE_EVENTS, RECORDED_IN, type DomainEventName } from '../src/events/domain-events';
import type { ProcessRole } from '../src/events/process-role';

const EVENTS = Object.keys(RECORDED_IN) as DomainEventName[];
const ROLES: ProcessRole[] = ['api', 'worker'];
type Table = Record<string, Record<ProcessRole, string[]>>;

/**
 * docs/architecture.md#where-a-listener-runs: the real API and worker module graphs, booted as in
 * production, run for every domain event exactly the listeners that declare their process, in their
 * declared order; and the boot check refuses graphs that break the rule.
 */
describe('where each domain-event listener runs', () => {
  let env: TestEnv;
  let api: INestApplicationContext;
  let worker: INestApplicationContext;
  const booted: Record<ProcessRole, () => INestApplicationContext> = { api: () => api, worker: () => worker };

  beforeAll(async () => {
    env = await createTestEnv();
    api = (await env.startApi()).app;
    worker = await env.startWorker();
  });
  afterAll(() => env.close());

  it('lists, for every event, its listeners in each process, as their declarations say', () => {
    const running: Table = {};
    const declared: Table = {};
    for (const event of EVENTS) {
      running[event] = { api: api.get(EventBus).listenersOf(event), worker: worker.get(EventBus).listenersOf(event) };
      declared[event] = { api: [], worker: [] };
      for (const role of ROLES) {
        declared[event]![role] = declaredListeners()
          .filter((d) => d.event === event && d.runsIn.includes(role))
          .sort(byOrder)
          .map((d) => d.listener);
      }
    }
    expect(running).toEqual(declared);
    // The table is not empty by accident: a few rows as docs/architecture.md describes them.
    expect(running['mail.requested']).toEqual({ api: ['MailScheduler.enqueue'], worker: [] });
    expect(running['match.changed']).toEqual({
      api: ['RealtimeListeners.pushMatchChange', 'RealtimeListeners.pushMyMatches', 'MatchDetailsCache.onMatchChanged', 'WitnessedSettledPush.pushSettled'],
      worker: ['RealtimeListeners.pushMatchChange', 'RealtimeListeners.pushMyMatches', 'MatchDetailsCache.onMatchChanged', 'WitnessedSettledPush.pushSettled'],
    });
    expect(running['session.revoked']).toEqual({ api: ['SessionsService.forgetRevokedSessions', 'RealtimeListeners.closeSockets'], worker: ['RealtimeListeners.closeSockets'] });
  });

  it('has every listener of an event run in every process that records it, so no relay delivers it to fewer listeners', () => {
    const missing = declaredListeners().flatMap((d) =>
      RECORDED_IN[d.event].filter((role) => !d.runsIn.includes(role)).map((role) => `${d.listener} (${d.event}) not in the ${role}`),
    );
    expect(missing).toEqual([]);
    const unheard = EVENTS.flatMap((event) =>
      RECORDED_IN[event].filter((role) => !booted[role]().get(EventBus).listenersOf(event).length).map((role) => `${event} in the ${role}`),
    );
    expect(unheard).toEqual([]);
  });

  /** The boot check of a bus of kind `role` over the providers of a booted graph. */
  function checkAs(role: ProcessRole, graph: INestApplicationContext): void {
    new EventBus(graph.get(DiscoveryService), graph.get(MetadataScanner), role).onModuleInit();
  }

  it('refuses the worker graph once the worker records a durable event none of its listeners handles', () => {
    expect(() => checkAs('worker', worker)).not.toThrow();
    // A worker job that asked for a mail without registering the mail scheduler in the worker.
    expect(DURABLE_EVENTS['mail.requested']).toBe(true);
    const recorded = RECORDED_IN['mail.requested'];
    (RECORDED_IN as Record<string, readonly ProcessRole[]>)['mail.requested'] = ['api', 'worker'];
    try {
      expect(() => checkAs('worker', worker)).toThrow("durable event mail.requested is relayed by the worker's outbox, but no listener of it is registered in the worker");
    } finally {
      (RECORDED_IN as Record<string, readonly ProcessRole[]>)['mail.requested'] = recorded;
    }
  });

  it("refuses the API's modules in a worker: their API-only listeners name the API alone", () => {
    expect(() => checkAs('api', api)).not.toThrow();
    expect(() => checkAs('worker', api)).toThrow('MailScheduler.enqueue (listener of mail.requested) is registered in the worker, but runs in api only');
  });
});
