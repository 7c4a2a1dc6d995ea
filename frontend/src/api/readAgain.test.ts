import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { readAgain } from './readAgain';

/** A read the test answers by hand, remembering whether it was cancelled. */
function deferredReads() {
  const reads: { answer: (v: string) => void; signal: AbortSignal }[] = [];
  const queryFn = ({ signal }: { signal: AbortSignal }) => new Promise<string>((answer) => reads.push({ answer, signal }));
  return { reads, queryFn };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('readAgain', () => {
  let client: QueryClient;
  let stop = () => {};
  afterEach(() => {
    stop();
    client.clear();
  });

  function watch(queryFn: (ctx: { signal: AbortSignal }) => Promise<string>) {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(client, { queryKey: ['match', 1], queryFn });
    const seen: (string | undefined)[] = [];
    stop = observer.subscribe((r) => seen.push(r.data));
    return seen;
  }

  it('lets a first load finish and paints it, then reads again', async () => {
    const { reads, queryFn } = deferredReads();
    const seen = watch(queryFn);
    await flush();
    expect(reads).toHaveLength(1);
    const again = readAgain(client, { queryKey: ['match', 1] });
    reads[0].answer('early');
    await flush();
    expect(reads[0].signal.aborted).toBe(false);
    expect(seen).toContain('early');
    expect(reads).toHaveLength(2);
    reads[1].answer('after the change');
    await again;
    await flush();
    expect(client.getQueryData(['match', 1])).toBe('after the change');
  });

  it('never cancels a first load that starts while others are awaited', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const shell = deferredReads();
    const lobby = deferredReads();
    const stopShell = new QueryObserver(client, { queryKey: ['my-matches'], queryFn: shell.queryFn }).subscribe(() => {});
    await flush();
    // The first session:ready: every live query on screen, and so far only the shell's is there.
    const again = readAgain(client, { predicate: () => true, type: 'active' });
    await flush();
    // The lobby's chunk has loaded: its first load starts while the shell's is awaited.
    const seen: (string | undefined)[] = [];
    const stopLobby = new QueryObserver(client, { queryKey: ['match', 1], queryFn: lobby.queryFn }).subscribe((r) => seen.push(r.data));
    stop = () => (stopShell(), stopLobby());
    await flush();
    shell.reads[0].answer('matches');
    await flush();
    expect(lobby.reads[0].signal.aborted).toBe(false);
    lobby.reads[0].answer('early');
    await flush();
    expect(seen).toContain('early');
    // Both were read again once their first answers were in.
    expect(shell.reads).toHaveLength(2);
    expect(lobby.reads).toHaveLength(2);
    shell.reads[1].answer('matches again');
    lobby.reads[1].answer('after the change');
    await again;
    expect(client.getQueryData(['match', 1])).toBe('after the change');
  });

  it('cancels a refetch of a query already showing data and reads again', async () => {
    const { reads, queryFn } = deferredReads();
    watch(queryFn);
    await flush();
    reads[0].answer('first');
    await flush();
    void client.refetchQueries({ queryKey: ['match', 1] });
    await flush();
    expect(reads).toHaveLength(2);
    const again = readAgain(client, { queryKey: ['match', 1] });
    await flush();
    expect(reads[1].signal.aborted).toBe(true);
    expect(reads).toHaveLength(3);
    reads[2].answer('after the change');
    await again;
    expect(client.getQueryData(['match', 1])).toBe('after the change');
  });
});
