import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ROUTES, routePath, type MatchResultSummary } from '@gotnext/shared';
import { matchDetails, player } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { LeagueLobbyPage, LeagueReportScorePage, JoinLeagueMatchPage } from './LeagueMatchPages';

const won: MatchResultSummary = {
  outcome: 'Win',
  my_score: 11,
  their_score: 7,
  rating_before: null,
  rating_after: null,
  rating_change: null,
  rating_pending: false,
  text: 'You won 11–7 vs sam',
};

/** A league match gets the whole play loop of an overall one (docs/product.md#league-matches). */
describe('the league scope of the match flow', () => {
  it('the League Pregame Lobby offers the league invite link, its QR code and Share while players may join', async () => {
    mockApi().on(ROUTES.leagueMatchDetails, { body: matchDetails({ match_type: '1v1', status: 'waiting', players_needed: 1, league_id: 3, teamA: [player(1, 'ann')] }) });
    renderPage(<LeagueLobbyPage />, { at: '/lmpregame/5?matchType=1v1', path: '/lmpregame/:matchId', as: { userId: 1 } });
    expect(await screen.findByTestId('lobby-status')).toHaveTextContent('Waiting for 1 more player');
    expect(screen.getByLabelText('Invite link')).toHaveValue(`${window.location.origin}/join-league-match/3?code=ABC234`);
    expect(await screen.findByRole('img', { name: 'QR code of the invite link for match ABC234' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Share' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'League Pregame Lobby' })).toBeVisible();
  });

  it('a completed league match shows the result card with Rematch, which opens the new league lobby', async () => {
    const api = mockApi()
      .on(ROUTES.leagueMatchDetails, {
        body: matchDetails({
          match_type: '1v1',
          status: 'completed',
          league_id: 3,
          team_a_score: 11,
          team_b_score: 7,
          teamA: [player(1)],
          teamB: [player(2, 'sam')],
          opponent: player(2, 'sam'),
          result: won,
        }),
      })
      .on(ROUTES.leagueRematch, { status: 201, body: { match_id: 9, match_code: 'XYZ234', message: 'Rematch created.', invited: 1 } });
    const { user } = renderPage(<LeagueLobbyPage />, { at: '/lmpregame/5?matchType=1v1', path: '/lmpregame/:matchId', as: { userId: 1 } });
    expect(await screen.findByTestId('result-summary')).toHaveTextContent('You won 11–7 vs sam');
    expect(screen.getByRole('link', { name: 'Back to the league' })).toHaveAttribute('href', '/league/3');
    expect(screen.getByRole('button', { name: 'Share result' })).toBeVisible();
    expect(screen.queryByLabelText('Invite link')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Rematch' }));
    await expect.poll(() => api.callsTo(ROUTES.leagueRematch).length).toBe(1);
    expect(api.callsTo(ROUTES.leagueRematch)[0].url.pathname).toBe(routePath(ROUTES.leagueRematch.path, { matchId: 5 }));
    expect(api.callsTo(ROUTES.rematch)).toHaveLength(0);
  });

  it('the league report shows the target and reads the score back before it is sent, with the misfit warning', async () => {
    const match = matchDetails({ match_type: '1v1', status: 'in-progress', league_id: 3, teamA: [player(1)], teamB: [player(2, 'sam')], opponent: player(2, 'sam') });
    const api = mockApi()
      .on(ROUTES.leagueMatchDetails, { body: match })
      .on(ROUTES.leagueReportScore, { body: { message: 'Score reported. Waiting for the other side to report.', status: 'in-progress' } });
    const { user } = renderPage(<LeagueReportScorePage />, { at: '/lmreportscore/5?matchType=1v1', path: '/lmreportscore/:matchId', as: { userId: 1 } });
    expect(await screen.findByTestId('score-target')).toHaveTextContent('1s & 2s to 11 · Game to 11');
    await user.type(screen.getByLabelText('Your Score'), '21');
    await user.type(screen.getByLabelText("Opponent's Score"), '7');
    await user.click(screen.getByRole('button', { name: 'Submit Score' }));
    const review = screen.getByRole('group', { name: 'Review your score' });
    expect(review).toHaveTextContent('You 21 – sam 7: submit?');
    expect(within(review).getByRole('alert')).toHaveTextContent('This score does not fit a game to 11.');
    expect(api.callsTo(ROUTES.leagueReportScore)).toHaveLength(0);
    await user.click(within(review).getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Your Score'));
    await user.type(screen.getByLabelText('Your Score'), '11');
    await user.click(screen.getByRole('button', { name: 'Submit Score' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Score reported. Waiting for the other side to report.');
    expect(api.callsTo(ROUTES.leagueReportScore)[0].body).toEqual({ league_id: 3, match_id: 5, user_id: 1, matchType: '1v1', user_score: 11, opponent_score: 7, opponent_id: 2 });
    expect(screen.getByRole('button', { name: 'Submitted' })).toBeDisabled();
  });

  it('the league invite link joins at once for a logged-in member', async () => {
    const api = mockApi().on(ROUTES.leagueJoinMatch, { body: { match_id: 9, match_type: '2v2', message: 'Joined match successfully.' } });
    renderPage(<JoinLeagueMatchPage />, { at: '/join-league-match/3?code=ABC234', path: '/join-league-match/:leagueId', as: { userId: 4 } });
    await expect.poll(() => api.callsTo(ROUTES.leagueJoinMatch).length).toBe(1);
    expect(api.callsTo(ROUTES.leagueJoinMatch)[0].body).toEqual({ user_id: 4, match_code: 'ABC234', league_id: 3 });
    // Joined: the league is remembered for the match pages.
    await expect.poll(() => localStorage.getItem('league_id')).toBe('3');
  });
});
