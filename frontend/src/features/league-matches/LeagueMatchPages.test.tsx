import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MSG, ROUTES, type LeagueDisputeDetails, type MatchType } from '@gotnext/shared';
import { matchDetails, player } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { LeagueDisputePage, LeagueLobbyPage } from './LeagueMatchPages';

describe('the League Pregame Lobby', () => {
  it('shows the code (N/A without one), waits for an opponent, and lets only the creator start', async () => {
    mockApi().on(ROUTES.leagueMatchDetails, { body: matchDetails({ match_type: '1v1', status: 'waiting', players_needed: 1, match_code: '', league_id: 3 }) });
    renderPage(<LeagueLobbyPage />, { at: '/lmpregame/5?matchType=1v1', path: '/lmpregame/:matchId', as: { userId: 2 } });
    await screen.findByTestId('lobby-status');
    expect(screen.getByRole('heading', { name: 'League Pregame Lobby' })).toBeVisible();
    expect(screen.getByLabelText('Match code')).toHaveTextContent('N/A');
    expect(screen.getByText(MSG.waitingForOpponentLeague)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start Game' })).toBeDisabled();
    expect(screen.getByText(MSG.onlyMatchCreatorStarts)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel Match' })).toBeNull();
  });

  it('a joined member leaves before the start, after saying yes, and the lobby closes (docs/matches.md#cancel-and-leave)', async () => {
    const api = mockApi()
      .on(ROUTES.leagueMatchDetails, { body: matchDetails({ match_type: '1v1', status: 'ready', opponent: player(1), my_team: 'B', league_id: 3 }) })
      .on(ROUTES.leaveMatch, { body: { message: MSG.matchLeft, status: 'waiting' } });
    const { user } = renderPage(<LeagueLobbyPage />, { at: '/lmpregame/5?matchType=1v1', path: '/lmpregame/:matchId', as: { userId: 2 } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(await screen.findByRole('button', { name: 'Leave Match' }));
    expect(api.callsTo(ROUTES.leaveMatch)).toHaveLength(1);
    // Gone to the league's page, which this test does not mount.
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'League Pregame Lobby' })).toBeNull());
    confirm.mockRestore();
  });
});

function dispute(type: MatchType, over: Partial<LeagueDisputeDetails> = {}): LeagueDisputeDetails {
  const teamA = type === '1v1' ? [player(1, 'ann')] : [player(1, 'ann'), player(2, 'bo')];
  const teamB = type === '1v1' ? [player(3, 'cy')] : [player(3, 'cy'), player(4, 'di')];
  return {
    match_id: 5,
    match_type: type,
    status: 'disputed',
    witnessed: null,
    creator_id: 1,
    opponent: type === '1v1' ? teamB[0] : null,
    userReportedScore: { user_score: 11, opponent_score: 7 },
    opponentReportedScore: null,
    scores: {},
    team_a: teamA,
    team_b: teamB,
    teamA,
    teamB,
    team_a_report: { team_a_score: 11, team_b_score: 7 },
    team_b_report: null,
    my_team: 'A',
    league_id: 3,
    reports: [],
    final_scores: null,
    my_proposal: null,
    their_proposal: null,
    in_moderation: false,
    moderation_at: null,
    result: null,
    ...over,
  };
}

describe('the League Dispute page', () => {
  it('1v1: both reported scores, Not reported for the missing one, and both boxes required', async () => {
    const api = mockApi().on(ROUTES.leagueDisputeDetails, { body: dispute('1v1') });
    const { user } = renderPage(<LeagueDisputePage />, { at: '/league-dispute/5?league_id=3', path: '/league-dispute/:matchId', as: { userId: 1 } });
    const reported = await screen.findByLabelText('Reported scores');
    expect(within(reported).getByText('11 - 7')).toBeVisible();
    expect(within(reported).getByText(MSG.notReported)).toBeVisible();
    await user.type(screen.getByLabelText('Your Score'), '11');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.leagueDisputeBoth);
    expect(api.callsTo(ROUTES.resolveLeagueDispute)).toHaveLength(0);
    expect(api.callsTo(ROUTES.leagueDisputeDetails)[0].url.searchParams.get('league_id')).toBe('3');
  });

  it('teams: each side’s report (N/A when missing) and a final score form named after the teams', async () => {
    const api = mockApi()
      .on(ROUTES.leagueDisputeDetails, { body: dispute('2v2') })
      .on(ROUTES.resolveLeagueDispute, { body: { message: MSG.disputeSubmitted, status: 'disputed' } });
    const { user } = renderPage(<LeagueDisputePage />, { at: '/league-dispute/5?league_id=3', path: '/league-dispute/:matchId', as: { userId: 1 } });
    const reported = await screen.findByLabelText('Reported scores');
    expect(reported).toHaveTextContent('Team A 11 – Team B 7');
    expect(reported).toHaveTextContent('Team A N/A – Team B N/A');
    expect(screen.getByRole('form', { name: 'Final score: ann and bo and cy and di' })).toBeVisible();
    await user.type(screen.getByLabelText('ann and bo'), '11');
    await user.type(screen.getByLabelText('cy and di'), '9');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.disputeSubmitted);
    expect(api.callsTo(ROUTES.resolveLeagueDispute)[0].body).toEqual({ match_id: 5, league_id: 3, team_a_score: 11, team_b_score: 9 });
  });
});
