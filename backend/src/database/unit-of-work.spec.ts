import { AfterCommitError, UnitOfWork } from './unit-of-work';
import type { EventBus } from '../events/event-bus';
import type { OutboxRepository } from './outbox.repository';

/** The outbox as a log of what was written (inside the transaction) and deleted (after delivery). */
function outboxLog(log: string[]) {
  let next = 0;
  return {
    insert: async (_m: unknown, _origin: string, events: { name: string }[]) => events.map((e) => (log.push(`outbox ${e.name}`), String((next += 1)))),
    delete: async (ids: string[]) => void (ids.length && log.push(`delete ${ids.join(',')}`)),
  } as unknown as OutboxRepository;
}

/** The transaction is stood in for by a function that runs the body and then "commits". */
function unitOfWork(log: string[], failing: string[] = []) {
  const db = {
    transaction: async (body: (m: object) => Promise<unknown>) => {
      const r = await body({});
      log.push('commit');
      return r;
    },
  };
  const bus = {
    deliver: async (events: { name: string }[]) => {
      log.push(...events.map((e) => `deliver ${e.name}`));
      return events.filter((e) => failing.includes(e.name)).map((e) => ({ event: e.name, listener: 'L', error: new Error('down') }));
    },
  };
  return new UnitOfWork(db as never, bus as unknown as EventBus, outboxLog(log), 'api');
}

describe('UnitOfWork.run', () => {
  it('writes durable events to the outbox in the transaction, delivers every event after the commit in order, then deletes the delivered rows', async () => {
    const log: string[] = [];
    const result = await unitOfWork(log).run(async (tx) => {
      tx.emit('match.started', { matchId: 1 });
      tx.emit('match.changed', { matchId: 1, status: 'in-progress' }); // a push only: not in the outbox
      tx.emit('player.changed', { userIds: [2] });
      log.push('body done');
      return 42;
    });
    expect(result).toBe(42);
    expect(log).toEqual([
      'body done',
      'outbox match.started',
      'outbox player.changed',
      'commit',
      'deliver match.started',
      'deliver match.changed',
      'deliver player.changed',
      'delete 1,2',
    ]);
  });

  it('delivers nothing when the body throws (the transaction rolled back)', async () => {
    const log: string[] = [];
    const db = { transaction: async (body: (m: object) => Promise<unknown>) => body({}) };
    const uow = new UnitOfWork(
      db as never,
      {
        deliver: async () => {
          log.push('delivered');
          return [];
        },
      } as unknown as EventBus,
      outboxLog([]),
      'api',
    );
    await expect(
      uow.run(async (tx) => {
        tx.emit('match.started', { matchId: 1 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(log).toEqual([]);
  });

  it('leaves the row of an event whose listener failed for the relay, and keeps the result unless asked to throw', async () => {
    const log: string[] = [];
    await expect(
      unitOfWork(log, ['match.started']).run(async (tx) => {
        tx.emit('match.started', { matchId: 1 });
        tx.emit('match.disputed', { matchId: 1 });
        return 'ok';
      }),
    ).resolves.toBe('ok');
    expect(log.filter((l) => l.startsWith('delete'))).toEqual(['delete 2']);
    await expect(
      unitOfWork([], ['match.started']).run(
        async (tx) => {
          tx.emit('match.started', { matchId: 1 });
          return 'ok';
        },
        { afterCommitFailure: 'throw' },
      ),
    ).rejects.toBeInstanceOf(AfterCommitError);
  });

  it('refuses an event its kind of process is not declared to record (RECORDED_IN): rolled back, nothing delivered', async () => {
    const log: string[] = [];
    const db = { transaction: async (body: (m: object) => Promise<unknown>) => body({}) };
    const uow = new UnitOfWork(
      db as never,
      {
        deliver: async () => {
          log.push('delivered');
          return [];
        },
      } as unknown as EventBus,
      outboxLog(log),
      'worker',
    );
    await expect(
      uow.run(async (tx) => {
        tx.emit('mail.requested', { kind: 'verify_email', userId: 1 });
      }),
    ).rejects.toThrow('mail.requested is not recorded in the worker');
    await expect(uow.publish('mail.requested', { kind: 'verify_email', userId: 1 })).rejects.toThrow('mail.requested is not recorded in the worker');
    expect(log).toEqual([]);
  });
});
