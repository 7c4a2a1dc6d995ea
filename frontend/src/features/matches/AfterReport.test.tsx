import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MSG, ROUTES, type MatchDetails } from '@gotnext/shared';
import { createQueryClient } from '../../api/queryClient';
import { useSocketStatusStore } from '../../realtime/socket';
import { useAuthStore } from '../../stores/auth';
import { matchDetails, player } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { LobbyPage } from './LobbyPage';
import { ReportScorePage } from './ReportScorePage';

/** The lobby and the report page of match 5 in one router, as the app mounts them. */
function openAt(at: string, viewer = 1) {
  useAuthStore.getState().login(`token-${viewer}`, viewer);
  useSocketStatusStore.setState({ connected: true, sessionCount: 1 });
  const user = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/pregame/:matchId" element={<LobbyPage />} />
          <Route path="/report-score/:matchId" element={<ReportScorePage />} />
          <Route path="/scoreboard/:matchId" element={<h1>Scoreboard of match {5}</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

const reported = (over: Partial<MatchDetails> = {}) =>
  matchDetails({
    match_type: '1v1',
    status: 'in-progress',
    opponent: player(2, 'mchen'),
    reported: { A: true, B: false },
    my_report: { user_score: 5, opponent_score: 3 },
    ...over,
  });

describe('after the own report (docs/product.md#lobby)', () => {
  it('the lobby says what this side reported and whom it waits for, with Change my report, and stays the lobby', async () => {
    mockApi().on(ROUTES.matchDetails, { body: reported() });
    openAt('/pregame/5?matchType=1v1');
    expect(await screen.findByTestId('lobby-status')).toHaveTextContent('In progress · You reported 5–3 · waiting for mchen');
    expect(screen.getByRole('link', { name: MSG.changeMyReport })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Report Score' })).toBeNull();
    // The status is said in the words, not in a raw row beside them.
    expect(screen.queryByText('Status')).toBeNull();
    expect(screen.queryByText('in-progress')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Match Lobby' })).toBeVisible();
  });

  it('a player whose side has not reported is sent to the scoreboard (docs/product.md#scoreboard)', async () => {
    mockApi().on(ROUTES.matchDetails, { body: reported({ reported: { A: false, B: false }, my_report: null }) });
    openAt('/pregame/5?matchType=1v1');
    expect(await screen.findByRole('heading', { name: 'Scoreboard of match 5' })).toBeVisible();
  });

  it('Change my report opens the form holding the report; the new one replaces it and the lobby follows', async () => {
    const api = mockApi()
      .on(ROUTES.matchDetails, { body: reported() })
      .on(ROUTES.reportScore1v1, { body: { message: MSG.scoreWaiting, status: 'in-progress' } });
    const user = openAt('/pregame/5?matchType=1v1');
    await user.click(await screen.findByRole('link', { name: MSG.changeMyReport }));
    const mine = await screen.findByLabelText('Your Score');
    await expect.poll(() => (mine as HTMLInputElement).value).toBe('5');
    expect(screen.getByLabelText("Opponent's Score")).toHaveValue(3);
    expect(screen.getByRole('link', { name: MSG.keepMyReport })).toBeVisible();
    await user.clear(screen.getByLabelText("Opponent's Score"));
    await user.type(screen.getByLabelText("Opponent's Score"), '4');
    await user.click(screen.getByRole('button', { name: 'Submit Score' }));
    await user.click(within(screen.getByRole('group', { name: 'Review your score' })).getByRole('button', { name: /^Submit( anyway)?$/ }));
    expect(await screen.findByText(MSG.scoreWaiting)).toBeVisible();
    expect(api.callsTo(ROUTES.reportScore1v1)[0].body).toMatchObject({ match_id: 5, user_score: 5, opponent_score: 4 });
    // After the answer, the lobby (in place of the form).
    expect(await screen.findByRole('heading', { name: 'Match Lobby' }, { timeout: 4000 })).toBeVisible();
  });

  it('the report page of a side that reported is locked until Change my report', async () => {
    mockApi().on(ROUTES.matchDetails, { body: reported() });
    const user = openAt('/report-score/5?matchType=1v1');
    expect(await screen.findByTestId('own-report')).toHaveTextContent('You reported 5–3 · waiting for mchen');
    expect(screen.getByRole('button', { name: 'Submitted' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: MSG.changeMyReport }));
    expect(screen.getByRole('button', { name: 'Submit Score' })).toBeEnabled();
    expect(screen.getByLabelText('Your Score')).toHaveValue(5);
  });

  it('the report that completes the match shows the result on the report page at once', async () => {
    const result = {
      outcome: 'Win' as const,
      my_score: 5,
      their_score: 3,
      rating_before: null,
      rating_after: null,
      rating_change: null,
      rating_pending: false,
      text: 'You won 5–3 vs mchen',
    };
    mockApi().on(ROUTES.matchDetails, { body: reported({ status: 'completed', team_a_score: 5, team_b_score: 3, result }) });
    openAt('/report-score/5?matchType=1v1');
    expect(await screen.findByTestId('result-summary')).toHaveTextContent('You won 5–3 vs mchen');
  });
});
