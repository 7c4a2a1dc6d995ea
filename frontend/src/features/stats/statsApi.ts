import { MSG, type UserProfile, type UserStatsResponse } from '@gotnext/shared';
import { api } from '../../api/client';

export const statsApi = {
  profile: (userId: number) => api.get<UserProfile>(`/api/user-profile/${userId}`, { timezone: true, fallback: MSG.profileLoadFailed }),
  history: (userId: number, full: boolean) =>
    api.get<UserStatsResponse>(`/api/user-stats/${userId}`, { timezone: true, query: { fullHistory: full ? 'true' : undefined }, fallback: full ? MSG.historyFetchFailed : MSG.historyLoadFailed }),
};
