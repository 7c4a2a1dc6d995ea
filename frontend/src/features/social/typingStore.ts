import { create } from 'zustand';
import { TYPING_SHOW_MS } from '@gotnext/shared';

/**
 * Who is typing to me right now (client state: it is never stored on the server). `chat:typing`
 * pushes start it, a message from that player or TYPING_SHOW_MS of silence end it.
 */
interface TypingState {
  /** Player id → when their "typing…" ends (ms since epoch). */
  until: Record<number, number>;
  typed(userId: number): void;
  stopped(userId: number): void;
}

const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useTypingStore = create<TypingState>((set) => ({
  until: {},
  typed(userId) {
    clearTimeout(timers.get(userId));
    timers.set(
      userId,
      setTimeout(() => useTypingStore.getState().stopped(userId), TYPING_SHOW_MS),
    );
    set((s) => ({ until: { ...s.until, [userId]: Date.now() + TYPING_SHOW_MS } }));
  },
  stopped(userId) {
    clearTimeout(timers.get(userId));
    timers.delete(userId);
    set((s) => {
      if (!(userId in s.until)) return s;
      const { [userId]: _gone, ...rest } = s.until;
      return { until: rest };
    });
  },
}));

export const useIsTyping = (userId: number) => useTypingStore((s) => userId in s.until);
