import { displayRating, type LeaderboardPlayer, type TopPlayer } from '@gotnext/shared';
import type { BoardEntry } from '../ratings/leaderboards';
import type { PlayerCard } from './leaderboards.repository';

/** Ranked wins-losses, with draws only when there are any (docs/leaderboards.md#what-a-row-shows). */
export function recordOf(card: Pick<PlayerCard, 'wins' | 'losses' | 'draws'>): string {
  return `${card.wins}-${card.losses}${card.draws ? `-${card.draws}` : ''}`;
}

/** A board row: rank, rating and games from the sorted set (what orders the board), the rest from the card. */
export function rowOf(entry: BoardEntry, card: PlayerCard): LeaderboardPlayer {
  return {
    user_id: entry.userId,
    username: card.username,
    profile_picture: card.profile_picture,
    profile_picture_version: card.profile_picture_version,
    rating: displayRating(entry.rating),
    total_matches: entry.games,
    record: recordOf(card),
    rank: entry.rank,
  };
}

/** Rows for these entries, in their order; an entry without a card (an account deleted a moment ago) is left out. */
export function rowsOf(entries: BoardEntry[], cards: PlayerCard[]): LeaderboardPlayer[] {
  const byId = new Map(cards.map((c) => [c.user_id, c]));
  return entries.flatMap((e) => {
    const card = byId.get(e.userId);
    return card ? [rowOf(e, card)] : [];
  });
}

export function topPlayerOf(row: LeaderboardPlayer): TopPlayer {
  return {
    user_id: row.user_id,
    username: row.username,
    rating: row.rating,
    profile_picture: row.profile_picture,
    profile_picture_version: row.profile_picture_version,
    rank: row.rank,
  };
}
