import {
  MSG,
  PROFILE_PHOTO_FIELD,
  type BlockedUsersResponse,
  type MessageResponse,
  type PlayerSearchResult,
  type PlayersResponse,
  type UpdateUserFields,
  type UpdateUserResponse,
  type User,
} from '@gotnext/shared';
import { api } from '../../api/client';

/** PUT /api/update-user as multipart: text fields, preferences as JSON, the photo when one was picked. */
export async function updateAccount(fields: UpdateUserFields, photo: File | null): Promise<User> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(key, key === 'preferences' ? JSON.stringify(value) : value === null ? '' : String(value));
  }
  if (photo) form.append(PROFILE_PHOTO_FIELD, photo);
  const res = await api.put<UpdateUserResponse>('/api/update-user', form, { fallback: MSG.updateFailed });
  return res.user;
}

export async function searchPlayers(query: string): Promise<PlayerSearchResult[]> {
  if (!query.trim()) return [];
  return (await api.get<PlayersResponse>('/api/players', { query: { query: query.trim() }, fallback: '' })).players;
}

export async function fetchBlockedUsers() {
  return (await api.get<BlockedUsersResponse>('/api/blocked-users', { fallback: '' })).users;
}

export const blockPlayer = (username: string) => api.post<MessageResponse>('/api/block-user', { username }, { fallback: '' });
export const unblockPlayer = (userId: number) => api.post<MessageResponse>('/api/unblock-user', { userId }, { fallback: '' });
export const deleteAccount = () => api.delete<MessageResponse>('/api/delete-account', { fallback: MSG.deleteFailed });
