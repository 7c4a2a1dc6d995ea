import type { QueryKey } from '@tanstack/react-query';
import type { DisputeDetails, MatchDetails, MatchType, ReportScoreResponse, RematchResponse, ResolveDisputeResponse, ScoringType, SideScore } from '@gotnext/shared';

/** A dispute's details as a scope reads them; a league's also name the league. */
export type ScopedDispute = DisputeDetails & { league_id?: number };

/** Where a page sends a player it cannot serve: a login screen, or a message and then another page. */
export type Gate = { login: string } | { text: string; to: string };

/** How the dispute page words what each side reported (docs/product.md#league-dispute keeps the league's own words). */
export interface ReportedWords {
  /**
   * Also list what each side reported under the card, in these words: the league spec names the
   * list's labels; the overall page says it in the card's sentences only.
   */
  list: boolean;
  /** Show the match type first (the league page does). */
  showType: boolean;
  mine: string;
  theirs: string;
  /** A 1v1 report as this page reads it; `whose` says which side sent it (each from its own side). */
  side: (s: SideScore, whose: 'mine' | 'theirs') => string;
  /** A 1v1 side that has not reported. */
  none: string;
  /** A team that has not reported. */
  teamNone: string;
  /** 1v1 only: what the players should do next. */
  advice?: string;
}

/**
 * One match flow, two scopes (docs/product.md#league-matches): the overall matches and a league's
 * matches run on the same screens (lobby, report with its review step, result card, invite,
 * dispute, create, join); a scope says which routes they open, which calls they make, where they
 * return and the few words the spec gives each its own.
 */
export interface MatchScope {
  kind: 'overall' | 'league';
  titles: { lobby: string; create: string; created: string; join: string; dispute: string };
  paths: {
    lobby: (matchId: number, type: MatchType) => string;
    report: (matchId: number, type: MatchType) => string;
    /**
     * The live scoreboard a started match leads to (docs/product.md#scoreboard), or null where the
     * scope keeps the report pages only (a league's matches, whose screens have their own words).
     */
    scoreboard: ((matchId: number) => string) | null;
    dispute: (matchId: number, type: MatchType, leagueId: number | null) => string | null;
    /** The invite link's path, or null when the match cannot be joined by one. */
    invite: (code: string, leagueId: number | null) => string | null;
    /** Where a player goes after leaving a lobby or settling a dispute. */
    home: (leagueId: number | null) => string;
    /** A way back to where the match belongs, or null. */
    back: (leagueId: number | null) => { to: string; label: string } | null;
  };
  api: {
    /** `open`: the lobby opened to nearby players in a shown-rating range (docs/matches.md#open-lobbies). */
    create: (type: MatchType, ranked: boolean, scoring: ScoringType, open?: { min: number; max: number }) => Promise<{ match_id: number; match_code: string }>;
    join: (code: string) => Promise<{ match_id: number; match_type: MatchType }>;
    details: (matchId: number, fallback: string, signal?: AbortSignal) => Promise<MatchDetails>;
    changeTeam: (matchId: number) => Promise<unknown>;
    start: (matchId: number) => Promise<unknown>;
    report: (matchId: number, type: MatchType, scores: [number, number], match: MatchDetails | undefined) => Promise<ReportScoreResponse>;
    disputeKey: (matchId: number) => QueryKey;
    disputeDetails: (matchId: number, signal?: AbortSignal) => Promise<ScopedDispute>;
    resolve: (details: ScopedDispute, scores: [number, number]) => Promise<ResolveDisputeResponse>;
    rematch: (matchId: number) => Promise<RematchResponse>;
  };
  lobby: {
    loadFailed: string;
    waitingForOpponent: string;
    startReason: (match: MatchDetails, viewerId: number | null) => string | null;
    disputeLabel: string;
    /** Called with each fresh read of the match (a league remembers its id). */
    remember?: (match: MatchDetails) => void;
  };
  create: {
    /** Whether the form offers Ranked Match (a league match is rated in the league's pool). */
    ranked: boolean;
    /** Whether the form offers opening the lobby to nearby players by rating (overall matches only). */
    open: boolean;
    gate: (token: string | null, userId: number | null) => Gate | null;
    sharedText: (code: string) => string;
  };
  join: {
    /** What stops the page before it asks for a code (a league page without its league). */
    unavailable: string | null;
    failed: string;
  };
  report: {
    /** The type a route names before the match has loaded; null: none it can use. */
    routeType: (fixed: MatchType | undefined, query: string | null) => MatchType | null;
    /** The checks before the review step, in the scope's order; null when the scores may be reviewed. */
    check: (values: [string, string], match: MatchDetails | undefined, type: MatchType | null) => string | null;
    failed: string;
  };
  dispute: {
    noToken: string;
    labels: (details: ScopedDispute | undefined, type: MatchType) => [string, string];
    formLabel: (labels: [string, string], type: MatchType) => string | undefined;
    check: (values: [string, string]) => string | null;
    words: ReportedWords;
    loadFailed: string;
    failed: string;
    submit: string;
  };
}
