import { CHAT_PAGE_SIZE } from '@gotnext/shared';
import { parseCursor, toChatPage } from './chat-page';

const rows = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => ({ id: from - i }));

describe('chat paging by cursor', () => {
  it('turns a full query into a page oldest first, with the cursor of the next older page', () => {
    const page = toChatPage(rows(100, 100 - CHAT_PAGE_SIZE)); // one more than a page
    expect(page.messages.map((m) => m.id)).toEqual(
      rows(100, 100 - CHAT_PAGE_SIZE + 1)
        .map((r) => r.id)
        .reverse(),
    );
    expect(page.next_cursor).toBe(100 - CHAT_PAGE_SIZE + 1);
  });

  it('has no next cursor on the last page', () => {
    expect(toChatPage(rows(3, 1))).toEqual({ messages: [{ id: 1 }, { id: 2 }, { id: 3 }], next_cursor: null });
    expect(toChatPage([])).toEqual({ messages: [], next_cursor: null });
  });

  it('reads a cursor only as a positive id', () => {
    expect(parseCursor(undefined)).toBeUndefined();
    expect(parseCursor('')).toBeUndefined();
    expect(parseCursor('42')).toBe(42);
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999', ['1']]) expect(() => parseCursor(bad)).toThrow('Invalid cursor.');
  });
});
