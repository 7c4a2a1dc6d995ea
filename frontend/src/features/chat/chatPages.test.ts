import { describe, expect, it } from 'vitest';
import { mapMessages, messagesOf, withMessage, type ChatPages } from './chatPages';

type M = { id: number; read?: boolean };
const pages = (...ids: number[][]): ChatPages<M> => ({ pages: ids.map((p) => ({ messages: p.map((id) => ({ id })), next_cursor: null })), pageParams: ids.map(() => null) });

describe('chat pages as cached', () => {
  it('lists every loaded message once, oldest first, across pages (newest page first)', () => {
    expect(messagesOf(pages([5, 6, 7], [2, 3, 4], [1])).map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(messagesOf(pages([4, 5], [3, 4]))).toEqual([{ id: 3 }, { id: 4 }, { id: 5 }]);
    expect(messagesOf(undefined)).toEqual([]);
  });

  it('adds a pushed message to the newest page once, in id order, and replaces a copy it already has', () => {
    const once = withMessage(pages([5, 7], [2]), { id: 6 });
    expect(once.pages[0].messages.map((m) => m.id)).toEqual([5, 6, 7]);
    const twice = withMessage(once, { id: 6, read: true });
    expect(messagesOf(twice)).toEqual([{ id: 2 }, { id: 5 }, { id: 6, read: true }, { id: 7 }]);
  });

  it('changes the matching messages on every page', () => {
    const read = mapMessages(
      pages([3, 4], [1, 2]),
      (m) => m.id % 2 === 0,
      (m) => ({ ...m, read: true }),
    );
    expect(
      messagesOf(read)
        .filter((m) => m.read)
        .map((m) => m.id),
    ).toEqual([2, 4]);
  });
});
