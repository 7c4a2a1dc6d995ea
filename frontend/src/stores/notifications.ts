import { create } from 'zustand';
import {
  UNREAD_MESSAGES_ID,
  type NotificationEvent,
  type NotificationItem,
  type NotificationsResponse,
} from '@gotnext/shared';
import { api } from '../api/client';

export interface NotificationsState {
  items: NotificationItem[];
  unreadMessagesCount: number;
  /** True once the first list call has answered for this session. */
  loaded: boolean;
  load(): Promise<void>;
  /** A `notification:new` push: shown at once, ahead of the stored ones. */
  receive(n: NotificationEvent): void;
  markAllRead(): Promise<void>;
  remove(id: NotificationItem['id']): Promise<void>;
  reset(): void;
}

const isSynthetic = (n: NotificationItem) => n.id === UNREAD_MESSAGES_ID;

/**
 * The notification center's state, shared by the bell and the notifications page. Failures are
 * silent (core §8): the list keeps what it had and the next poll or push catches up.
 */
export const useNotificationsStore = create<NotificationsState>((set, get) => ({
  items: [],
  unreadMessagesCount: 0,
  loaded: false,

  async load() {
    try {
      const res = await api.get<NotificationsResponse>('/api/notifications', { timezone: true, fallback: '' });
      set({ items: res.notifications, unreadMessagesCount: res.unreadMessagesCount, loaded: true });
    } catch {
      // silent by spec
    }
  },

  receive(n) {
    // A push and a poll can bring the same one; keep a single copy.
    set((s) => {
      const rest = s.items.filter((i) => i.id !== n.id);
      const synthetic = rest.filter(isSynthetic);
      return { items: [...synthetic, n, ...rest.filter((i) => !isSynthetic(i))] };
    });
  },

  async markAllRead() {
    if (!get().items.some((n) => !n.read && !isSynthetic(n))) return;
    set((s) => ({ items: s.items.map((n) => (isSynthetic(n) ? n : { ...n, read: true })) }));
    try {
      await api.post('/api/notifications/mark-read', {}, { fallback: '' });
    } catch {
      // silent by spec
    }
  },

  async remove(id) {
    // Removed locally at once (core §4); the unread-messages item is dismissed by marking messages read.
    set((s) => ({ items: s.items.filter((n) => n.id !== id), unreadMessagesCount: id === UNREAD_MESSAGES_ID ? 0 : s.unreadMessagesCount }));
    try {
      if (id === UNREAD_MESSAGES_ID) await api.post('/api/notifications/mark-messages-read', {}, { fallback: '' });
      else await api.delete(`/api/notifications/${id}`, { fallback: '' });
    } catch {
      // silent by spec
    }
  },

  reset() {
    set({ items: [], unreadMessagesCount: 0, loaded: false });
  },
}));

export const selectUnreadCount = (s: NotificationsState) => s.items.filter((n) => !n.read).length;
