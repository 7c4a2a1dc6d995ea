import {
  allowedPoints,
  consensus,
  firstSplit,
  gamePoint,
  liveScore,
  scoreOfStream,
  targetScore,
  WITNESSED_LIMITS,
  type ScoreboardState,
  type ScoreboardStatus,
  type ScoreEvent,
  type ScorerSetup,
  type ScorerStream,
  type StreamScore,
  type TeamSide,
} from '@gotnext/shared';
import type { MatchEntity } from '../matches/entities/match.entity';
import type { PlayerRow } from '../matches/matches.repository';
import type { ScorersRow } from './witnessed.repository';

/**
 * Who scores, read against the roster (docs/matches.md#witnessed-score): a stored choice counts
 * while that player is still on that team, else the team's first player; one scorer for both
 * counts once every player of the match accepted it (a later joiner must accept too).
 */
export function scorerSetup(row: ScorersRow, players: PlayerRow[]): ScorerSetup {
  const on = (team: TeamSide, id: number | null) => (id !== null && players.some((p) => p.team === team && p.user_id === id) ? id : null);
  const first = (team: TeamSide) => players.find((p) => p.team === team)?.user_id ?? null;
  const teamScorers = { A: on('A', row.scorer_a) ?? first('A'), B: on('B', row.scorer_b) ?? first('B') };
  const ids = players.map((p) => p.user_id);
  let single: ScorerSetup['single'] = null;
  if (row.single_scorer !== null && ids.includes(row.single_scorer)) {
    const acceptedBy = row.single_accepted.filter((id) => ids.includes(id));
    single = { userId: row.single_scorer, acceptedBy, agreed: ids.length > 0 && ids.every((id) => acceptedBy.includes(id)) };
  }
  return { mode: single?.agreed ? 'single' : 'per-team', teamScorers, single };
}

/** The scorers whose streams count, in order: Team A's then Team B's, or the single one. */
export function countingScorers(setup: ScorerSetup): { userId: number; team: TeamSide | null }[] {
  if (setup.mode === 'single' && setup.single) return [{ userId: setup.single.userId, team: null }];
  return (['A', 'B'] as const).flatMap((team) => (setup.teamScorers[team] !== null ? [{ userId: setup.teamScorers[team]!, team }] : []));
}

export interface Board {
  state: ScoreboardState;
  streams: StreamScore[];
}

/** The scoreboard of a match from its stored events: every screen's score comes from here. */
export function buildBoard(match: MatchEntity, players: PlayerRow[], setup: ScorerSetup, events: ScoreEvent[], nowMs: number): Board {
  const names = (team: TeamSide) => players.filter((p) => p.team === team).map((p) => ({ userId: p.user_id, username: p.username }));
  const teamName = (team: TeamSide) => (match.matchType === '1v1' ? (names(team)[0]?.username ?? `Team ${team}`) : `Team ${team}`);
  const counting = countingScorers(setup);
  const streams = counting.map((c) => scoreOfStream(events.filter((e) => e.scorer === c.userId), match.scoringType));
  const scorers: ScorerStream[] = counting.map((c, i) => {
    const own = events.filter((e) => e.scorer === c.userId);
    const last = own.reduce<string | null>((t, e) => (t === null || e.serverTime > t ? e.serverTime : t), null);
    const username = players.find((p) => p.user_id === c.userId)?.username ?? '';
    return { userId: c.userId, username, team: c.team, score: streams[i].score, finished: streams[i].finished, lastEventAt: last };
  });
  const split = setup.mode === 'per-team' && streams.length === 2 ? firstSplit(streams[0], streams[1]) : null;
  const live = liveScore(streams);
  const final = match.status === 'completed' && match.teamAScore !== null && match.teamBScore !== null ? { A: match.teamAScore, B: match.teamBScore } : null;
  const state: ScoreboardState = {
    matchId: match.id,
    teams: { A: { name: teamName('A'), players: names('A') }, B: { name: teamName('B'), players: names('B') } },
    scoringType: match.scoringType,
    target: targetScore(match.scoringType),
    points: allowedPoints(match.scoringType),
    status: statusOf(match, scorers, split, consensus(setup.mode, streams) !== null, nowMs),
    mode: setup.mode,
    scorers,
    live: final ?? live,
    gamePoint: gamePoint(live, match.scoringType),
    divergence: split === null ? null : { at: split },
    final,
    at: nowMs,
  };
  return { state, streams };
}

/** A scorer is idle once their last event (or the start, before their first) is this old. */
const IDLE_MS = WITNESSED_LIMITS.idleFallbackMinutes * 60_000;

function statusOf(match: MatchEntity, scorers: ScorerStream[], split: string | null, agreed: boolean, nowMs: number): ScoreboardStatus {
  switch (match.status) {
    case 'waiting':
    case 'ready':
      return 'setup';
    case 'cancelled':
      return 'cancelled';
    case 'completed':
      return 'complete';
    case 'disputed':
      return 'disputed';
  }
  if (split !== null) return 'diverged';
  const started = match.startedAt ? new Date(match.startedAt).getTime() : nowMs;
  const idle = scorers.some((s) => nowMs - (s.lastEventAt ? Date.parse(s.lastEventAt) : started) > IDLE_MS);
  return idle && !agreed ? 'fallback' : 'live';
}
