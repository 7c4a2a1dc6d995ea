import { TOP_PLAYERS_COUNT } from '@gotnext/shared';
import { api } from '../../api/client';
import type { ArticleSummary, TopPlayer } from './types';

/** Articles newest first (the API lists them oldest first). Failure reads as "no news". */
export async function fetchLatestArticles(): Promise<ArticleSummary[]> {
  try {
    const res = await api.get<{ articles?: ArticleSummary[] }>('/api/articles', { fallback: '', auth: false });
    return Array.isArray(res?.articles) ? [...res.articles].reverse() : [];
  } catch {
    return [];
  }
}

/** The world top 10. The token is sent so the server can leave out players the viewer blocked. */
export async function fetchTopPlayers(): Promise<TopPlayer[]> {
  try {
    const res = await api.get<{ players?: TopPlayer[] }>('/api/top-players', { fallback: '' });
    return Array.isArray(res?.players) ? res.players.slice(0, TOP_PLAYERS_COUNT) : [];
  } catch {
    return [];
  }
}
