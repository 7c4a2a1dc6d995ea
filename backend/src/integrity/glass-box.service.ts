import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { matchChances, MSG, preferencesFrom, ratingEngine, type Calibration, type MatchChancesResponse, type PlayerRating, type RatingAccuracyResponse } from '@gotnext/shared';
import { IntegrityRepository } from './integrity.repository';

/** How long one API instance reuses the stored calibration: it changes once a night. */
const ACCURACY_CACHE_MS = 60_000;

/** A stored overall state as the engine's PlayerRating; a player without one starts fresh. */
function playerRatingOf(rating: number | null, sigma: number | null, games: number | null): PlayerRating {
  const fresh = ratingEngine.initial();
  return rating === null ? fresh : { ...fresh, mu: rating, sigma: sigma ?? fresh.sigma, games: games ?? 0 };
}

const signed = (thousandths: number) => `${thousandths < 0 ? '−' : '+'}${(Math.abs(thousandths) / 1000).toFixed(3)}`;

/** The glass box's reads (docs/rating.md#glass-box): the rating's measured accuracy, and a lobby's chances. */
@Injectable()
export class GlassBox {
  private cached?: { at: number; value: RatingAccuracyResponse };

  constructor(private readonly integrity: IntegrityRepository) {}

  async accuracy(): Promise<RatingAccuracyResponse> {
    if (this.cached && Date.now() - this.cached.at < ACCURACY_CACHE_MS) return this.cached.value;
    const row = await this.integrity.calibration();
    const value: RatingAccuracyResponse = row
      ? { engine_version: row.engine_version, computed_at: new Date(row.computed_at).toISOString(), calibration: row.data as Calibration }
      : { engine_version: null, computed_at: null, calibration: null };
    this.cached = { at: Date.now(), value };
    return value;
  }

  /**
   * Each team's chance and what a typical win or loss would do to each player, from the overall
   * ratings as they stand. Players only (as the lobby); a player who hides their rating has no
   * win/loss figures but to themselves (docs/matches.md#who-sees-a-match).
   */
  async chances(viewerId: number, matchId: number): Promise<MatchChancesResponse> {
    const lobby = await this.integrity.lobby(matchId);
    if (!lobby) throw new NotFoundException({ message: MSG.matchNotFound });
    if (!lobby.players.some((p) => p.user_id === viewerId)) throw new ForbiddenException({ message: MSG.notInMatch });
    const seat = (p: (typeof lobby.players)[number]) => ({ id: p.user_id, rating: playerRatingOf(p.rating, p.sigma, p.games) });
    const teamA = lobby.players.filter((p) => p.team === 'A');
    const teamB = lobby.players.filter((p) => p.team === 'B');
    // Until both teams are full there is no game to price.
    if (!teamA.length || teamA.length !== teamB.length) {
      return { team_a_percent: 50, team_b_percent: 50, players: lobby.players.map((p) => ({ user_id: p.user_id, team: p.team })) };
    }
    const c = matchChances(teamA.map(seat), teamB.map(seat), { matchType: lobby.match_type, scoringType: lobby.scoring_type });
    const a = Math.round(c.chanceA * 100);
    const moves = new Map(c.players.map((p) => [p.id, p]));
    return {
      team_a_percent: a,
      team_b_percent: 100 - a,
      players: lobby.players.map((p) => {
        const shows = p.user_id === viewerId || preferencesFrom(p.preferences).displayRating;
        const move = moves.get(p.user_id)!;
        return shows ? { user_id: p.user_id, team: p.team, win: signed(move.win), loss: signed(move.loss) } : { user_id: p.user_id, team: p.team };
      }),
    };
  }
}
