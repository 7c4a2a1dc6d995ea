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

describe('why a rating moved, in words (docs/rating.md#rating-history)', () => {
  const base = { ownMean: 1500, otherMean: 1500, ownScore: 21, otherScore: 12, target: 21, teamSize: 1, gamesBefore: 0, sigmaBefore: 234 };
  it('reads the result, the opponents, the length and how sure the rating is, never a multiplier', () => {
    expect(explainRatingChange(base)).toEqual(['a clear win (21–12)', 'an even match (4.000 vs 4.000)', 'a long game', 'you are still new so it moves faster']);
    for (const line of explainRatingChange({ ...base, teamSize: 3 })) expect(line).not.toMatch(/×|\d\.\d+x/);
  });
  it('reads a stronger team, a one-point loss in a short game, and a settled rating', () => {
    expect(explainRatingChange({ ...base, otherMean: 1530, ownScore: 4, otherScore: 5, target: 5, teamSize: 3, gamesBefore: 40, sigmaBefore: 50 })).toEqual([
      'a narrow loss (4–5)',
      'stronger opponents (4.120 vs 4.000)',
      'a short game, so it counts less',
      '3v3, shared by three',
      'your rating is settled so it moves less',
    ]);
    expect(explainRatingChange({ ...base, ownScore: 7, otherScore: 7, target: 11 })[0]).toBe('a draw (7–7)');
    expect(explainRatingChange({ ...base, ownScore: 11, otherScore: 2, target: 11 })[0]).toBe('a big win (11–2)');
    expect(explainRatingChange({ ...base, gamesBefore: 30, sigmaBefore: 150 }).at(-1)).toBe('your rating is still settling so it moves faster');
  });
});
