import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { RedisStalledError, ReplyWatchdog } from './redis.module';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** One answered command; its frame (which names the promise) ends here. */
async function command(watchdog: ReplyWatchdog, reply: number, refs: WeakRef<object>[]): Promise<void> {
  const guarded = watchdog.guard(Promise.resolve(reply));
  refs.push(new WeakRef(guarded));
  await guarded;
}

describe('ReplyWatchdog', () => {
  let open = true;
  beforeEach(() => {
    open = true;
  });
  afterEach(() => {
    open = false; // its next check stops its timer
  });

  it('keeps nothing of a command once its reply has come', async () => {
    const watchdog = new ReplyWatchdog('test', () => open);
    const refs: WeakRef<object>[] = [];
    for (let i = 0; i < 50; i += 1) await command(watchdog, i, refs);
    await new Promise((r) => setImmediate(r));
    gc();
    // A command raced against a long-lived promise would stay reachable from it until a stall.
    expect(refs.filter((r) => r.deref() !== undefined)).toHaveLength(0);
  });

  it('fails every waiting command when Redis answers nothing for too long, and later ones work', async () => {
    const watchdog = new ReplyWatchdog('test', () => open);
    const hung = [watchdog.guard(new Promise(() => undefined)), watchdog.guard(new Promise(() => undefined))];
    const started = Date.now();
    for (const p of hung) await expect(p).rejects.toBeInstanceOf(RedisStalledError);
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(watchdog.guard(Promise.resolve('ok'))).resolves.toBe('ok');
  });
});
