import type { InfiniteData } from '@tanstack/react-query';

/**
 * A chat's history as cached: cursor pages, the newest first (docs/social.md#chat-paging). Every
 * chat (direct messages, league chat) pages this way; these helpers are what pushes and screens do
 * to it.
 */
export interface ChatMessageLike {
  id: number;
}
export interface CursorPage<M extends ChatMessageLike> {
  messages: M[];
  next_cursor: number | null;
}
/** The `before` of each loaded page: null for the newest, else the previous page's next_cursor. */
export type ChatPages<M extends ChatMessageLike> = InfiniteData<CursorPage<M>, number | null>;

const byId = (a: ChatMessageLike, b: ChatMessageLike) => a.id - b.id;

/** Every loaded message once, oldest first, whatever pages and pushes brought it. */
export function messagesOf<M extends ChatMessageLike>(data: ChatPages<M> | undefined): M[] {
  if (!data) return [];
  const seen = new Map<number, M>();
  for (const page of data.pages) for (const m of page.messages) seen.set(m.id, m);
  return [...seen.values()].sort(byId);
}

/** A pushed or just-sent message: replaces its copy if loaded, else joins the newest page. */
export function withMessage<M extends ChatMessageLike>(data: ChatPages<M>, message: M): ChatPages<M> {
  const loaded = data.pages.some((p) => p.messages.some((m) => m.id === message.id));
  const pages = loaded
    ? data.pages.map((p) => ({ ...p, messages: p.messages.map((m) => (m.id === message.id ? message : m)) }))
    : data.pages.map((p, i) => (i === 0 ? { ...p, messages: [...p.messages, message].sort(byId) } : p));
  return { ...data, pages };
}

/** Changes every loaded message that `match`es (a read receipt marks several at once). */
export function mapMessages<M extends ChatMessageLike>(data: ChatPages<M>, match: (m: M) => boolean, change: (m: M) => M): ChatPages<M> {
  return { ...data, pages: data.pages.map((p) => ({ ...p, messages: p.messages.map((m) => (match(m) ? change(m) : m)) })) };
}
