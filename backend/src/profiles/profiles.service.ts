import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  preferencesFrom,
  displayRating,
  displayThousandths,
  explainRatingChange,
  headToHeadText,
  INITIAL_RATING,
  isProvisional,
  MSG,
  outcomeOf,
  PROVISIONAL_GAMES,
  targetScore,
  teamSize,
  type HeadToHeadResponse,
  type MatchHistoryEntry,
  type Preferences,
  type RatingHistoryResponse,
  type UserProfile,
  type UserStatsResponse,
} from '@gotnext/shared';
import { Leaderboards } from '../ratings/leaderboards';
import { regionScopeOf } from '../ratings/leaderboard-scopes';
import { asSeenBy, toHistory, toStatistics, type ResultVisibility } from './match-history';
import { safeTimeZone } from './local-time';
import { ProfilesRepository, type ProfileUser } from './profiles.repository';
import { ProfileCache, type ProfileRead, type ProfileSnapshot } from './profile-cache';
import { SerialisedAnswers } from './serialised-answers';
import { profileText, withRank, type ProfileText } from './profile-text';
import { jsonText, type JsonText } from '../common/http/json-text';

/** How many matches a profile and a non-full stats call show. */
export const RECENT_MATCHES = 10;

/** Serialised answers kept per process and kind (a few KB each): serialised-answers.ts. */
const ANSWERS_CAP = 2000;

/** What of the viewer a cached profile or first stats page depends on: owner or not, and the time zone. */
const viewerKey = (own: boolean, zone: string): string => `${own ? 'own' : 'other'} ${zone}`;

/** Public profiles and match statistics. Preferences hide fields from everyone but the owner. */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly leaderboards: Leaderboards,
    private readonly cache: ProfileCache,
  ) {}

  private readonly profileTexts = new SerialisedAnswers<ProfileText>(ANSWERS_CAP);
  private readonly statsTexts = new SerialisedAnswers<JsonText<UserStatsResponse>>(ANSWERS_CAP);

  private async user(userId: number): Promise<ProfileUser> {
    const user = await this.profiles.profileUser(userId);
    if (!user) throw new NotFoundException({ message: MSG.playerNotFound });
    return user;
  }

  private async statistics(userId: number) {
    return toStatistics(await this.profiles.statistics(userId));
  }

  /** The player's whole history as this viewer may see it: hidden results are hidden in every row too. */
  private async fullHistory(userId: number, timezone: unknown, shows: ResultVisibility): Promise<MatchHistoryEntry[]> {
    const rows = await this.profiles.history(userId, null);
    if (!rows.length) return [];
    return this.seenHistory({ history: rows, rosters: await this.profiles.rosters(rows.map((r) => r.id)) }, userId, timezone, shows);
  }

  private seenHistory(s: Pick<ProfileSnapshot, 'history' | 'rosters'>, userId: number, timezone: unknown, shows: ResultVisibility): MatchHistoryEntry[] {
    return toHistory(s.history, s.rosters, userId, safeTimeZone(timezone)).map((e) => asSeenBy(e, shows));
  }

  /**
   * The answer this viewer gets from a read of the cache: built from its snapshot, or, when Redis
   * answered the same entry text as for an earlier viewer like this one, that answer's JSON
   * again (serialised-answers.ts, docs/scaling.md#profile-reads).
   */
  private fromRead<T>(answers: SerialisedAnswers<T>, read: ProfileRead, userId: number, own: boolean, zone: string, build: (s: ProfileSnapshot) => T): T {
    return read.entry === null ? build(read.snapshot()) : answers.get(userId, viewerKey(own, zone), read.entry, () => build(read.snapshot()));
  }

  /** The owner sees everything; anyone else what the player's preferences allow. */
  private visibility(u: ProfileUser, own: boolean): Preferences {
    const prefs = preferencesFrom(u.preferences);
    return own ? { ...prefs, displayRating: true, displayWinsLosses: true, displayStateRanking: true, displayHeight: true, displayWeight: true } : prefs;
  }

  /** The stats answer as JSON: the first page from the shared cache (docs/scaling.md#profile-reads), the full history from PostgreSQL. */
  async stats(viewerId: number, userId: number, timezone: unknown, full: boolean): Promise<JsonText<UserStatsResponse>> {
    const own = viewerId === userId;
    if (full) {
      const u = await this.user(userId);
      const shows = this.visibility(u, own);
      // Independent reads at once: the answer waits for the slowest, not for their sum (docs/architecture.md#per-request-cost).
      const [statistics, history] = await Promise.all([this.statistics(userId), this.fullHistory(userId, timezone, shows)]);
      return jsonText(this.statsAnswer(u, shows, statistics, history));
    }
    const read = await this.cache.snapshot(userId, RECENT_MATCHES);
    if (!read) throw new NotFoundException({ message: MSG.playerNotFound });
    const zone = safeTimeZone(timezone);
    return this.fromRead(this.statsTexts, read, userId, own, zone, (s) => {
      const shows = this.visibility(s.user, own);
      return jsonText(this.statsAnswer(s.user, shows, toStatistics(s.statistics), this.seenHistory(s, userId, zone, shows)));
    });
  }

  private statsAnswer(u: ProfileUser, shows: Preferences, statistics: ReturnType<typeof toStatistics>, history: MatchHistoryEntry[]): UserStatsResponse {
    return {
      user_id: u.id,
      username: u.username,
      match_history: history,
      match_statistics: shows.displayWinsLosses ? statistics : { total_disputes: statistics.total_disputes, games_played: statistics.games_played },
    };
  }

  /** The public profile as JSON, from the shared cache, with the live region rank (docs/scaling.md#profile-reads). */
  async profile(viewerId: number | undefined, userId: number, timezone: unknown): Promise<JsonText<UserProfile>> {
    const read = await this.cache.profile(userId, RECENT_MATCHES);
    if (!read) throw new NotFoundException({ message: MSG.playerNotFound });
    const own = viewerId === userId;
    const zone = safeTimeZone(timezone);
    const text = this.fromRead(this.profileTexts, read, userId, own, zone, (s) => this.profileText(s, userId, own, zone));
    // The same sorted set and rank the boards show, read live (docs/leaderboards.md#region-ranking):
    // a cache hit read it in the same script as the entry, a fill reads it now.
    const rank = !text.showsRank ? undefined : read.rank !== undefined ? read.rank : await this.leaderboards.rankIn(text.scope, userId);
    return withRank(text, rank);
  }

  /** Everything of the profile but its live rank, serialised around where the rank goes (profile-text.ts). */
  private profileText(s: ProfileSnapshot, userId: number, own: boolean, zone: string): ProfileText {
    const u = s.user;
    const visible = this.visibility(u, own);
    const shows = (key: keyof Preferences) => visible[key];
    const statistics = toStatistics(s.statistics);
    const recent = this.seenHistory(s, userId, zone, visible);
    const profile: Omit<UserProfile, 'region_ranking'> = {
      user_id: u.id,
      username: u.username,
      profile_picture: u.profile_picture,
      profile_picture_version: u.profile_picture_version,
      state: u.state,
      bio: u.bio,
      match_statistics: shows('displayWinsLosses') ? statistics : { total_disputes: statistics.total_disputes, games_played: statistics.games_played },
      recent_matches: recent,
    };
    if (shows('displayRating')) {
      profile.rating = displayRating(u.rating ?? INITIAL_RATING);
      profile.provisional = isProvisional(u.games ?? 0);
      profile.ranked_games = u.games ?? 0;
    }
    // region_ranking goes here (profile-text.ts), before height and weight.
    if (shows('displayHeight')) profile.height = u.height;
    if (shows('displayWeight')) profile.weight = u.weight;
    return profileText(profile, regionScopeOf(u.state), shows('displayStateRanking'));
  }

  /**
   * The rating explained (docs/rating.md#rating-history): every rated match from the stored rating
   * events, oldest first, with the change and a short why; the peak; provisional games left.
   * Hidden (403) from others when the player hides the rating or wins/losses, as history rows are.
   */
  async ratingHistory(viewerId: number | undefined, userId: number): Promise<RatingHistoryResponse> {
    const u = await this.user(userId);
    const shows = this.visibility(u, viewerId === userId);
    if (!shows.displayRating || !shows.displayWinsLosses) throw new ForbiddenException({ message: MSG.ratingHidden });
    const events = await this.profiles.ratingEvents(userId);
    const games = u.games ?? 0;
    let peak = events.length ? events[0].before : INITIAL_RATING;
    const entries = events.map((e) => {
      peak = Math.max(peak, e.after);
      const [mine, theirs] = e.team === 'A' ? [e.team_a_score, e.team_b_score] : [e.team_b_score, e.team_a_score];
      const d = displayThousandths(e.after) - displayThousandths(e.before);
      return {
        match_id: e.match_id,
        completed_at: new Date(e.completed_at).toISOString(),
        match_type: e.match_type,
        scoring_type: e.scoring_type,
        outcome: outcomeOf(mine, theirs),
        my_score: mine,
        their_score: theirs,
        opponents: e.opponents,
        rating_before: displayRating(e.before),
        rating_after: displayRating(e.after),
        rating_change: `${d < 0 ? '-' : '+'}${(Math.abs(d) / 1000).toFixed(3)}`,
        why: explainRatingChange({
          ownMean: e.own_mean ?? e.before,
          otherMean: e.other_mean ?? INITIAL_RATING,
          ownScore: mine,
          otherScore: theirs,
          target: targetScore(e.scoring_type),
          teamSize: teamSize(e.match_type),
          gamesBefore: e.games_before,
          sigmaBefore: e.sigma_before,
        }),
      };
    });
    return {
      user_id: u.id,
      rating: displayRating(u.rating ?? INITIAL_RATING),
      peak_rating: displayRating(peak),
      provisional: isProvisional(games),
      ranked_games: games,
      provisional_games_left: Math.max(0, PROVISIONAL_GAMES - games),
      entries,
    };
  }

  /** The caller's record against a player (docs/matches.md#profiles). */
  async headToHead(viewerId: number, userId: number): Promise<HeadToHeadResponse> {
    const u = await this.user(userId);
    const r = await this.profiles.headToHead(viewerId, userId);
    return { user_id: u.id, username: u.username, ...r, text: headToHeadText(r.wins, r.losses, r.draws, u.username) };
  }
}
