import { Logger } from '@nestjs/common';
import { EventBus } from './event-bus';
import { eventContext } from './domain-events';

/** A bus with hand-registered listeners (discovery is exercised by every integration test). */
function busWith(listeners: Record<string, ((p: unknown) => unknown)[]>): EventBus {
  const bus = new EventBus({ getProviders: () => [] } as never, {} as never);
  for (const [name, fns] of Object.entries(listeners)) fns.forEach((fn, i) => (bus as unknown as { add: (n: string, l: object) => void }).add(name, { name: `L${i}`, call: fn }));
  return bus;
}

describe('EventBus.deliver', () => {
  it('runs every listener in order, logs a failure with the event name and ids, and goes on', async () => {
    const errors: string[] = [];
    jest.spyOn(Logger.prototype, 'error').mockImplementation((m: unknown) => void errors.push(String(m)));
    const ran: string[] = [];
    const bus = busWith({
      'match.completed': [() => void ran.push('first'), () => { throw new Error('redis away'); }, () => void ran.push('third')],
    });
    const failures = await bus.deliver([{ name: 'match.completed', payload: { matchId: 7, ranked: true, voided: false } }]);
    expect(ran).toEqual(['first', 'third']);
    expect(failures).toHaveLength(1);
    expect(errors).toEqual(['after commit: L1 failed on match.completed matchId=7 ranked=true voided=false: redis away']);
  });

  it('answers only once the process\'s pushes have been taken by Redis (docs/realtime.md#order-across-instances)', async () => {
    let take!: () => void;
    const taken = new Promise<void>((ok) => (take = ok));
    const moduleRef = { get: () => ({ taken: () => taken }) };
    const bus = new EventBus({ getProviders: () => [] } as never, { getAllMethodNames: () => [] } as never, moduleRef as never);
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
    expect(eventContext({ name: 'notification.created', payload: { userId: 4, notification: { id: 1, type: 't', message: 'secret text', read: false, timestamp: '' } } })).toBe('notification.created userId=4');
  });
});
