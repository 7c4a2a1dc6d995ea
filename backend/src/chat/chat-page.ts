import { BadRequestException } from '@nestjs/common';
import { CHAT_PAGE_SIZE } from '@gotnext/shared';

/** The invalid-cursor answer; a cursor only ever comes from a previous page's `next_cursor`. */
export const INVALID_CURSOR = 'Invalid cursor.';

/**
 * `before` from a query string: undefined for the newest page, else a positive message id
 * (docs/social.md#chat-paging).
 */
export function parseCursor(raw: unknown): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new BadRequestException({ message: INVALID_CURSOR });
  return id;
}

/** How many rows a page query asks for: one more than a page, to know whether an older page exists. */
export const PAGE_QUERY_LIMIT = CHAT_PAGE_SIZE + 1;

/**
 * Keyset paging by id: `newestFirst` is what `WHERE id < before ORDER BY id DESC LIMIT
 * PAGE_QUERY_LIMIT` returned. The page is oldest first; `next_cursor` (its oldest id) asks for the
 * next older page, null when there is none. Pages never overlap and leave no gap, whatever is
 * written meanwhile, because the cursor is a row id and not an offset.
 */
export function toChatPage<T extends { id: number }>(newestFirst: T[]): { messages: T[]; next_cursor: number | null } {
  const more = newestFirst.length > CHAT_PAGE_SIZE;
  const page = newestFirst.slice(0, CHAT_PAGE_SIZE).reverse();
  return { messages: page, next_cursor: more && page.length ? page[0].id : null };
}
