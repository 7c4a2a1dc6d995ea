import { assertOneHandlerPerQueue } from './job-runner';
import { QUEUES } from './queues';

const all = Object.values(QUEUES).map((queue) => ({ queue, name: `${queue}Handler` }));

describe('the boot check of job handlers', () => {
  it('accepts exactly one handler per queue', () => {
    expect(() => assertOneHandlerPerQueue(all)).not.toThrow();
  });

  it('names a queue without a handler', () => {
    expect(() => assertOneHandlerPerQueue(all.filter((h) => h.queue !== 'rating'))).toThrow('queue "rating" has no @JobHandler');
  });

  it('names a queue with two handlers, and a handler of an unknown queue', () => {
    expect(() => assertOneHandlerPerQueue([...all, { queue: 'email', name: 'SecondMailer' }])).toThrow('queue "email" has 2 handlers (emailHandler, SecondMailer)');
    expect(() => assertOneHandlerPerQueue([...all, { queue: 'nope', name: 'Stray' }])).toThrow('Stray handles unknown queue "nope"');
  });
});
