import { AfterCommitError, UnitOfWork } from './unit-of-work';
import type { EventBus } from '../events/event-bus';

/** The transaction is stood in for by a function that runs the body and then "commits". */
function unitOfWork(log: string[], failDelivery = false) {
  const db = { transaction: async (body: (m: object) => Promise<unknown>) => { const r = await body({}); log.push('commit'); return r; } };
  const bus = { deliver: async (events: { name: string }[]) => { log.push(...events.map((e) => `deliver ${e.name}`)); return failDelivery ? [{ event: 'x', listener: 'L', error: new Error('down') }] : []; } };
  return new UnitOfWork(db as never, bus as unknown as EventBus);
}

describe('UnitOfWork.run', () => {
  it('delivers recorded events only after the commit, in order, and returns the body result', async () => {
    const log: string[] = [];
    const result = await unitOfWork(log).run(async (tx) => {
      tx.emit('match.started', { matchId: 1 });
      tx.emit('player.changed', { userIds: [2] });
      log.push('body done');
      return 42;
    });
    expect(result).toBe(42);
    expect(log).toEqual(['body done', 'commit', 'deliver match.started', 'deliver player.changed']);
  });

  it('delivers nothing when the body throws (the transaction rolled back)', async () => {
    const log: string[] = [];
    const db = { transaction: async (body: (m: object) => Promise<unknown>) => body({}) };
    const uow = new UnitOfWork(db as never, { deliver: async () => { log.push('delivered'); return []; } } as unknown as EventBus);
    await expect(uow.run(async (tx) => { tx.emit('match.started', { matchId: 1 }); throw new Error('refused'); })).rejects.toThrow('refused');
    expect(log).toEqual([]);
  });

  it('keeps the result when a listener failed, unless asked to throw (a job that retries)', async () => {
    await expect(unitOfWork([], true).run(async () => 'ok')).resolves.toBe('ok');
    await expect(unitOfWork([], true).run(async () => 'ok', { afterCommitFailure: 'throw' })).rejects.toBeInstanceOf(AfterCommitError);
  });
});
