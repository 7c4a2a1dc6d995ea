import { historyParticipantsProblem, historyTeams, historyWinner, leaguePool, leagueRecord } from './league-matches';

const p = (username: string) => ({ username });

describe('league match rules (docs/leagues.md#league-history)', () => {
  it('shows winners_usernames when present, else the higher score side, else Draw', () => {
    const base = { team_a_score: 11, team_b_score: 7, teamA: [p('ann'), p('bo')], teamB: [p('cy'), p('di')] };
    expect(historyWinner({ ...base, winners_usernames: ['cy'] })).toBe('cy');
    expect(historyWinner({ ...base, winners_usernames: [] })).toBe('ann and bo');
    expect(historyWinner({ ...base, team_a_score: 3 })).toBe('cy and di');
    expect(historyWinner({ ...base, team_a_score: 7 })).toBe('Draw');
  });

  it('asks for exactly two participants in 1v1 and twice the team size otherwise', () => {
    expect(historyParticipantsProblem('1v1', 2)).toBeNull();
    expect(historyParticipantsProblem('1v1', 3)).toBe('For a 1v1 match, please select exactly two participants.');
    expect(historyParticipantsProblem('3v3', 6)).toBeNull();
    expect(historyParticipantsProblem('3v3', 5)).toBe('For a 3v3 match, please select exactly 6 participants.');
    expect(historyParticipantsProblem('6v6', 12)).toBe('Invalid match type.');
  });

  it('puts the first half of the selection on Team A', () => {
    expect(historyTeams([4, 9, 2, 7])).toEqual({ teamA: [4, 9], teamB: [2, 7] });
  });

  it('writes the record with draws only once there is one, and names the pool', () => {
    expect(leagueRecord(3, 1, 0)).toBe('3-1');
    expect(leagueRecord(3, 1, 2)).toBe('3-1-2');
    expect(leaguePool(12)).toBe('league:12');
  });
});
