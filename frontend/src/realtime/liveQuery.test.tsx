import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createQueryClient } from '../api/queryClient';
import { useLiveQuery } from './liveQuery';
import { useSocketStatusStore } from './socket';

const setSocket = (connected: boolean) => act(() => useSocketStatusStore.setState((s) => ({ connected, sessionCount: connected ? s.sessionCount + 1 : s.sessionCount })));

describe('the polling fallback of live queries', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refetches every 3000 ms only while the socket is down', async () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const read = vi.fn(async () => 'answer');
    setSocket(false);
    renderHook(() => useLiveQuery({ queryKey: ['live'], queryFn: read }), { wrapper });

    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(read).toHaveBeenCalledTimes(1); // the first load
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(read).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(read).toHaveBeenCalledTimes(2); // socket down: polled

    setSocket(true);
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(read).toHaveBeenCalledTimes(2); // socket up: pushes keep it current, no polling

    setSocket(false);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(read).toHaveBeenCalledTimes(3);
  });
});
