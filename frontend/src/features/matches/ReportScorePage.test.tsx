import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ROUTES, type MatchType } from '@gotnext/shared';
import { matchDetails, player } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { ReportScorePage } from './ReportScorePage';

function openReport(type: MatchType) {
  const match =
    type === '1v1'
      ? matchDetails({ match_type: '1v1', status: 'in-progress', opponent: player(2, 'sam') })
      : matchDetails({ match_type: type, status: 'in-progress', teamA: [player(1), player(2)], teamB: [player(3), player(4)] });
  const api = mockApi().on(ROUTES.matchDetails, { body: match });
  const view = renderPage(<ReportScorePage />, { at: `/report-score/5?matchType=${type}`, path: '/report-score/:matchId', as: { userId: 1 } });
  return { ...view, api, submit: () => view.user.click(screen.getByRole('button', { name: 'Submit Score' })) };
}

describe('the report form', () => {
  it('asks for both scores in a 1v1, in the 1v1 words', async () => {
    const { api, user, submit } = openReport('1v1');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent("Please enter both your score and the opponent's score.");
    await user.type(screen.getByLabelText('Your Score'), '11');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent("Please enter both your score and the opponent's score.");
    expect(api.callsTo(ROUTES.reportScore1v1)).toHaveLength(0);
  });

  it('asks for both team scores in a team match', async () => {
    const { user, submit } = openReport('2v2');
    await user.type(await screen.findByLabelText('Team A Score'), '21');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both Team A and Team B scores.');
  });

  it("shows the server's refusal, and the spec fallback when it gives none", async () => {
    const { api, user, submit } = openReport('1v1');
    api.on(ROUTES.reportScore1v1, { status: 409, body: { message: 'This match is not in progress.' } });
    await user.type(screen.getByLabelText('Your Score'), '11');
    await user.type(screen.getByLabelText("Opponent's Score"), '7');
    await submit();
    expect(screen.getByText('You 11 – sam 7: submit?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This match is not in progress.');

    api.on(ROUTES.reportScore1v1, { status: 500 });
    await submit();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to report score.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Submit Score' })).toBeEnabled();
  });

  it('reports the team score from the caller’s side and then locks the form', async () => {
    const { api, user, submit } = openReport('2v2');
    api.on(ROUTES.reportScoreTeams, { body: { message: '', status: 'in-progress' } });
    await user.type(await screen.findByLabelText('Team A Score'), '21');
    await user.type(screen.getByLabelText('Team B Score'), '17');
    await submit();
    // 21 in a game to 11 does not fit: the review warns and asks again.
    expect(screen.getByText('Team A 21 – Team B 17: submit?')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('This score does not fit a game to 11. Check it, then confirm to submit it anyway.');
    expect(api.callsTo(ROUTES.reportScoreTeams)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Submit anyway' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Score reported successfully!');
    expect(screen.getByRole('button', { name: 'Submitted' })).toBeDisabled();
    const [sent] = api.callsTo(ROUTES.reportScoreTeams);
    expect(sent.url.pathname).toMatch(/report-score-2v2$/);
    expect(sent.body).toEqual({ match_id: 5, user_id: 1, team_1_score: 21, team_2_score: 17 });
    expect(localStorage.getItem('matchReported_5')).toBe('true');
  });

  it('shows the target and the players beside the boxes, and Edit goes back to the numbers', async () => {
    const { api, user, submit } = openReport('1v1');
    expect(await screen.findByTestId('score-target')).toHaveTextContent('1s & 2s to 11 · Game to 11');
    expect(screen.getByLabelText("Opponent's Score")).toHaveAccessibleDescription('sam');
    await user.type(screen.getByLabelText('Your Score'), '3');
    await user.type(screen.getByLabelText("Opponent's Score"), '11');
    await submit();
    expect(screen.queryByRole('alert')).toBeNull(); // 3–11 fits a game to 11
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByText(/submit\?$/)).toBeNull();
    expect(api.callsTo(ROUTES.reportScore1v1)).toHaveLength(0);
  });

  it('stays locked for a match this browser already reported', async () => {
    localStorage.setItem('matchReported_5', 'true');
    openReport('1v1');
    expect(screen.getByRole('button', { name: 'Submitted' })).toBeDisabled();
    expect(screen.getByLabelText('Your Score')).toBeDisabled();
  });
});
