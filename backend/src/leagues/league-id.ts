import { playerIdOf } from '../friends/player-id';
import { notFound } from './league-access';

/** A `{leagueId}` path value as an id; one that cannot name a league is 404 'League not found.' */
export function requireLeagueId(raw: string): number {
  const id = playerIdOf(raw);
  if (id === null) throw notFound();
  return id;
}
