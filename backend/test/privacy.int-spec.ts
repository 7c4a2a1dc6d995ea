import request from 'supertest';
import type { MatchHistoryEntry, Preferences } from '@gotnext/shared';
import { useTestApp, type TestEnv } from './support/harness';
import { auth, createMatch, eventually, join, player, Player, report, start } from './support/matches';

/**
 * docs/matches.md#what-others-see: a player who hides wins/losses or rating hides them in every
 * read by anyone else, including each match of recent_matches (user-profile) and match_history
 * (user-stats, also the full history), not only in the totals.
 */
describe('hidden wins/losses and rating stay hidden in match history', () => {
  let env: TestEnv;
  let url: string;
  let hider: Player;
  let rival: Player;
  let viewer: Player;

  useTestApp({ worker: true }, (started) => {
    env = started.env;
    url = started.apis[0].url;
  });

  /** A ranked 1v1 the hider wins 21-15, both sides reporting, rated by the worker. */
  async function win(): Promise<number> {
    const m = await createMatch(url, hider, '1v1', { ranked: true, scoringType: '1s & 2s to 21' });
    await join(url, rival, '1v1', m.match_code).expect(200);
    await start(url, hider, m.match_id).expect(200);
    await report(url, hider, '1v1', m.match_id, 21, 15).expect(200);
    await report(url, rival, '1v1', m.match_id, 15, 21).expect(200);
    await eventually(async () => (await env.sql(`SELECT 1 FROM rating_events WHERE match_id = $1`, [m.match_id])).length === 2);
    return m.match_id;
  }

  const hide = (prefs: Partial<Preferences>) => request(url).put('/api/update-user').set(auth(hider)).send({ preferences: prefs }).expect(200);

  /** Every history entry of the hider as `who` sees it: the profile's recent matches and both stats reads. */
  async function entriesSeenBy(who: Player | null): Promise<MatchHistoryEntry[]> {
    const profile = await request(url)
      .get(`/api/user-profile/${hider.userId}`)
      .set(who ? auth(who) : {})
      .expect(200);
    if (!who) return profile.body.recent_matches;
    const recent = await request(url).get(`/api/user-stats/${hider.userId}`).set(auth(who)).expect(200);
    const full = await request(url).get(`/api/user-stats/${hider.userId}?fullHistory=true`).set(auth(who)).expect(200);
    return [...profile.body.recent_matches, ...recent.body.match_history, ...full.body.match_history];
  }

  const outcomeFields = (e: MatchHistoryEntry) => ({
    outcome: e.outcome,
    user_score: e.user_score,
    opponent_score: e.opponent_score,
    team_a_score: e.team_a_score,
    team_b_score: e.team_b_score,
    team_1_score: e.team_1_score,
    team_2_score: e.team_2_score,
    final_scores: e.final_scores,
  });
  const hiddenOutcome = {
    outcome: null,
    user_score: null,
    opponent_score: null,
    team_a_score: null,
    team_b_score: null,
    team_1_score: null,
    team_2_score: null,
    final_scores: null,
  };
  const shownOutcome = {
    outcome: 'Win',
    user_score: 21,
    opponent_score: 15,
    team_a_score: 21,
    team_b_score: 15,
    team_1_score: 21,
    team_2_score: 15,
    final_scores: { team_a_score: 21, team_b_score: 15 },
  };

  beforeAll(async () => {
    hider = await player(env, url);
    rival = await player(env, url);
    viewer = await player(env, url);
    await win();
    await win();
  });

  it('hides each match outcome, its scores and the rating change from other players and visitors when both are hidden', async () => {
    await hide({ displayWinsLosses: false, displayRating: false });
    for (const who of [viewer, rival, null]) {
      const entries = await entriesSeenBy(who);
      expect(entries.length).toBeGreaterThanOrEqual(2);
      for (const e of entries) {
        expect(outcomeFields(e)).toEqual(hiddenOutcome);
        expect(e.rating_change).toBeNull();
        // What stays: which match, when, against whom, ranked or not.
        expect(e).toMatchObject({ match_type: '1v1', ranked: true, opponent_id: rival.userId });
      }
    }
    // The owner still sees everything.
    for (const e of (await request(url).get(`/api/user-stats/${hider.userId}?fullHistory=true`).set(auth(hider)).expect(200)).body.match_history) {
      expect(outcomeFields(e)).toEqual(shownOutcome);
      expect(e.rating_change).toMatch(/^\+\d\.\d{3}$/);
    }
  });

  it('hides the rating change when only wins/losses are hidden, since its sign tells the outcome', async () => {
    await hide({ displayWinsLosses: false, displayRating: true });
    for (const e of await entriesSeenBy(viewer)) {
      expect(outcomeFields(e)).toEqual(hiddenOutcome);
      expect(e.rating_change).toBeNull();
    }
  });

  it('shows outcomes and scores but no rating change when only the rating is hidden', async () => {
    await hide({ displayWinsLosses: true, displayRating: false });
    for (const e of await entriesSeenBy(viewer)) {
      expect(outcomeFields(e)).toEqual(shownOutcome);
      expect(e.rating_change).toBeNull();
    }
  });

  it('shows everything when nothing is hidden', async () => {
    await hide({ displayWinsLosses: true, displayRating: true });
    for (const e of await entriesSeenBy(viewer)) {
      expect(outcomeFields(e)).toEqual(shownOutcome);
      expect(e.rating_change).toMatch(/^\+\d\.\d{3}$/);
    }
  });
});
