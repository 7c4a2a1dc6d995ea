import { MSG } from '../messages';
import { explainRatingChange } from '../rating/explain';
import { headToHeadText, outcomeOf, resultPhrase, resultSummaryText } from './match-summary';
import { notificationAction } from './notifications';

describe("a result in each player's own words (docs/matches.md#the-result)", () => {
  it('calls a higher own score a Win, a lower one a Loss, an equal one a Draw', () => {
    expect(outcomeOf(21, 15)).toBe('Win');
    expect(outcomeOf(15, 21)).toBe('Loss');
    expect(outcomeOf(11, 11)).toBe('Draw');
    expect(outcomeOf(0, 0)).toBe('Draw');
    expect(outcomeOf(999, 998)).toBe('Win');
  });
  it("says who won from the reader's side, 1v1 and teams", () => {
    expect(resultPhrase('1v1', 21, 15)).toBe('You won 21–15');
    expect(resultPhrase('1v1', 15, 21)).toBe('You lost 15–21');
    expect(resultPhrase('3v3', 11, 11)).toBe('Your team drew 11–11');
  });
  it('adds the rating change when rated, says pending before, nothing for pickup', () => {
    expect(resultSummaryText('1v1', 21, 15, ['mchen'], { before: '4.000', after: '4.090', change: '+0.090' })).toBe('You won 21–15 vs mchen · 4.000 → 4.090 (+0.090)');
    expect(resultSummaryText('2v2', 9, 11, ['a', 'b'], 'pending')).toBe('Your team lost 9–11 vs a, b · rating update pending');
    expect(resultSummaryText('1v1', 5, 3, ['x'], null)).toBe('You won 5–3 vs x');
  });
  it("writes the dispute and ops notices in the reader's words", () => {
    expect(MSG.disputeResolvedOwn('1v1', resultPhrase('1v1', 21, 18))).toBe('Resolved: you won 21–18 (1v1 match).');
    expect(MSG.opsSettledNotice('2v2', resultPhrase('2v2', 10, 21))).toBe('Ops settled your 2v2 match dispute: your team lost 10–21.');
  });
  it('reads a head-to-head record', () => {
    expect(headToHeadText(2, 1, 0, 'mchen')).toBe('You 2–1 vs mchen');
    expect(headToHeadText(0, 0, 1, 'mchen')).toBe('You 0–0 vs mchen (1 draw)');
  });
  it('opens the result and the rematch invite from the bell', () => {
    const base = { matchId: 12, match_id: 12, matchType: '1v1', league_id: null, disputeResolved: false, matchCompleted: true };
    expect(notificationAction({ ...base, type: 'match_result' })).toEqual({ label: 'View Result', to: '/pregame/12?matchType=1v1' });
    expect(notificationAction({ ...base, type: 'match_invite', message: MSG.rematchInvite('mchen', '1v1', 'ABC234') })).toEqual({
      label: 'Join Match',
      to: '/join-match?code=ABC234',
    });
    expect(notificationAction({ ...base, league_id: 3, type: 'match_invite', message: MSG.rematchInvite('mchen', '1v1', 'ABC234') })).toEqual({
      label: 'Join Match',
      to: '/join-league-match/3?code=ABC234',
    });
    expect(notificationAction({ ...base, type: 'match_invite', message: 'no code' })).toBeNull();
  });
});

describe('why a rating moved (docs/rating.md#rating-history)', () => {
  const base = { ownMean: 1500, otherMean: 1500, ownScore: 11, otherScore: 5, target: 11, teamSize: 1, gamesBefore: 0 };
  it("names the engine's factors for the worked example", () => {
    expect(explainRatingChange(base)).toEqual([
      'Even opponent (4.000 vs 4.000)',
      'Wide margin 11–5 (×1.61)',
      '1v1 counts in full',
      'Provisional speed-up ×2.5 (ranked game 1 of 15)',
    ]);
  });
  it('reads a stronger team, a one-point loss in a short game, and no speed-up once established', () => {
    expect(explainRatingChange({ ...base, otherMean: 1530, ownScore: 4, otherScore: 5, target: 5, teamSize: 3, gamesBefore: 20 })).toEqual([
      'Stronger opponents (4.120 vs 4.000)',
      'Clear margin 4–5 (×1.17)',
      '3v3: each player carries ×0.58, game to 5 counts ×0.7',
    ]);
    expect(explainRatingChange({ ...base, ownScore: 7, otherScore: 7, gamesBefore: 15 })[1]).toBe('Draw: only the rating gap counts');
    expect(explainRatingChange({ ...base, ownScore: 21, otherScore: 20, target: 21, gamesBefore: 15 })[1]).toBe('Narrow margin 21–20 (×0.83)');
  });
});
