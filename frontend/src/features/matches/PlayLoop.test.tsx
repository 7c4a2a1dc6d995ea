import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ROUTES, type DisputeDetails, type MyMatch } from '@gotnext/shared';
import { matchDetails, player } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { CurrentMatchBanner, currentMatch } from './CurrentMatchBanner';
import { LobbyPage } from './LobbyPage';
import { MyMatchesList } from './MyMatchesList';
import { ResolveDisputePage } from './ResolveDisputePage';

const open = (over: Partial<MyMatch>): MyMatch => ({
  match_id: 7,
  match_code: 'ABC234',
  match_type: '1v1',
  scoring_type: '1s & 2s to 11',
  ranked: true,
  status: 'waiting',
  scope: 'overall',
  league_id: null,
  is_creator: true,
  players_needed: 1,
  others: [],
  reported: false,
  in_moderation: false,
  step: 'lobby',
  path: '/pregame/7?matchType=1v1',
  created_at: '',
  ...over,
});

describe('the Current match banner (docs/product.md#current-match)', () => {
  it('puts the match that waits for the player first: disputed, then to report, then reported, ready, waiting', () => {
    const list = [
      open({ match_id: 1, status: 'waiting' }),
      open({ match_id: 2, status: 'in-progress', reported: true }),
      open({ match_id: 3, status: 'ready' }),
      open({ match_id: 4, status: 'in-progress', reported: false }),
    ];
    expect(currentMatch(list)?.match_id).toBe(4);
    expect(currentMatch([...list, open({ match_id: 5, status: 'disputed' })])?.match_id).toBe(5);
    expect(currentMatch([])).toBeNull();
  });

  it("reads the match in words and links to its next step; hidden on that match's page", async () => {
    const api = mockApi().on(ROUTES.myMatches, { body: { matches: [open({ status: 'in-progress', step: 'report', path: '/report-score/7?matchType=1v1', others: ['mchen'] })] } });
    renderPage(<CurrentMatchBanner />, { at: '/leaderboard', path: '/leaderboard', as: { userId: 1 } });
    const banner = await screen.findByRole('complementary', { name: 'Current match' });
    expect(banner).toHaveTextContent('1v1 ranked vs mchen · In progress: report the score');
    expect(screen.getByRole('link', { name: /Report score/ })).toHaveAttribute('href', '/report-score/7?matchType=1v1');
    expect(api.callsTo(ROUTES.myMatches)).toHaveLength(1);
  });

  it("is hidden on that match's own pages only, not on another match whose id starts the same", async () => {
    mockApi().on(ROUTES.myMatches, { body: { matches: [open({})] } });
    renderPage(
      <>
        <CurrentMatchBanner />
        <p>page</p>
      </>,
      { at: '/pregame/70', path: '/pregame/:matchId', as: { userId: 1 } },
    );
    expect(await screen.findByRole('complementary', { name: 'Current match' })).toBeVisible();
  });

  it('is hidden on the report page of the match it shows', async () => {
    const api = mockApi().on(ROUTES.myMatches, { body: { matches: [open({ status: 'in-progress', step: 'report' })] } });
    renderPage(
      <>
        <CurrentMatchBanner />
        <p>page</p>
      </>,
      { at: '/report-score/7?matchType=1v1', path: '/report-score/:matchId', as: { userId: 1 } },
    );
    await screen.findByText('page');
    await vi.waitFor(() => expect(api.callsTo(ROUTES.myMatches)).toHaveLength(1));
    expect(screen.queryByRole('complementary', { name: 'Current match' })).toBeNull();
  });
  it("is hidden on a league match's own lobby too", async () => {
    const api = mockApi().on(ROUTES.myMatches, { body: { matches: [open({ scope: 'league', league_id: 3, path: '/lmpregame/7?matchType=1v1' })] } });
    // The list on the same page reads the same query: once it shows the match, the banner has decided.
    renderPage(
      <>
        <CurrentMatchBanner />
        <MyMatchesList />
      </>,
      { at: '/lmpregame/7?matchType=1v1', path: '/lmpregame/:matchId', as: { userId: 1 } },
    );
    await screen.findByText('Code ABC234');
    expect(api.callsTo(ROUTES.myMatches)).toHaveLength(1);
    expect(screen.queryByRole('complementary', { name: 'Current match' })).toBeNull();
  });
});

describe('the lobby before the start: Cancel Match and Leave Match (docs/matches.md#cancel-and-leave)', () => {
  it('the creator cancels after saying yes; a cancelled match says so', async () => {
    const waiting = matchDetails({ match_type: '1v1', status: 'waiting', players_needed: 1 });
    const api = mockApi()
      .on(ROUTES.matchDetails, { body: waiting })
      .on(ROUTES.cancelMatch, { body: { message: 'Match cancelled.', status: 'cancelled' } });
    const { user } = renderPage(<LobbyPage />, { at: '/pregame/5?matchType=1v1', path: '/pregame/:matchId', as: { userId: 1 } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(await screen.findByRole('button', { name: 'Cancel Match' }));
    expect(api.callsTo(ROUTES.cancelMatch)).toHaveLength(0);
    api.on(ROUTES.matchDetails, { body: { ...waiting, status: 'cancelled' } });
    await user.click(screen.getByRole('button', { name: 'Cancel Match' }));
    expect(await screen.findByText('This match was cancelled.')).toBeVisible();
    expect(api.callsTo(ROUTES.cancelMatch)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cancel Match' })).toBeNull();
    confirm.mockRestore();
  });

  it('a joined player sees Leave Match, not Cancel; nobody sees either once started', async () => {
    mockApi().on(ROUTES.matchDetails, { body: matchDetails({ match_type: '1v1', status: 'ready', opponent: player(1), my_team: 'B' }) });
    renderPage(<LobbyPage />, { at: '/pregame/5?matchType=1v1', path: '/pregame/:matchId', as: { userId: 2 } });
    expect(await screen.findByRole('button', { name: 'Leave Match' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel Match' })).toBeNull();
  });
});

describe("the resolve page: the other side's proposal and Accept their score (docs/matches.md#disputes)", () => {
  const details = (over: Partial<DisputeDetails>): DisputeDetails => ({
    match_id: 5,
    match_type: '1v1',
    status: 'disputed',
    creator_id: 1,
    opponent: player(2, 'mchen'),
    userReportedScore: { user_score: 21, opponent_score: 15 },
    opponentReportedScore: { user_score: 19, opponent_score: 15 },
    scores: {},
    team_a: [player(1)],
    team_b: [player(2, 'mchen')],
    team_a_report: null,
    team_b_report: null,
    my_team: 'A',
    my_proposal: null,
    their_proposal: { user_score: 15, opponent_score: 19, kind: 'report' },
    in_moderation: false,
    result: null,
    ...over,
  });

  it("sends their score as this side's final score in one tap", async () => {
    const api = mockApi()
      .on(ROUTES.disputeDetails, { body: details({}) })
      .on(ROUTES.resolveDispute1v1, { body: { message: 'Your final score was submitted. Waiting for the other side to agree.', status: 'disputed' } });
    const { user } = renderPage(<ResolveDisputePage fixedType="1v1" />, { at: '/resolve-dispute/5', path: '/resolve-dispute/:matchId', as: { userId: 1 } });
    expect(await screen.findByTestId('their-proposal')).toHaveTextContent('They reported: You 15 – mchen 19');
    await user.click(screen.getByRole('button', { name: 'Accept their score' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your final score was submitted.');
    expect(api.callsTo(ROUTES.resolveDispute1v1)[0].body).toEqual({ match_id: 5, userScore: 15, opponentScore: 19 });
  });

  it('a team match on Team B sends Team A / Team B scores; past 72 h it says ops will settle it', async () => {
    const api = mockApi()
      .on(ROUTES.disputeDetails, {
        body: details({ match_type: '2v2', my_team: 'B', opponent: null, in_moderation: true, their_proposal: { user_score: 9, opponent_score: 11, kind: 'final' } }),
      })
      .on(ROUTES.resolveDisputeTeams, { body: { message: 'Dispute resolved. The match is completed.', status: 'completed' } });
    const { user } = renderPage(<ResolveDisputePage fixedType="2v2" />, { at: '/resolve-dispute-2v2/5', path: '/resolve-dispute-2v2/:matchId', as: { userId: 3 } });
    expect(await screen.findByText('The 72-hour deadline has passed: ops will settle this dispute.')).toBeVisible();
    expect(screen.getByTestId('their-proposal')).toHaveTextContent('Their final score: Your team 9 – Their team 11');
    await user.click(screen.getByRole('button', { name: 'Accept their score' }));
    await screen.findByText('Dispute resolved. The match is completed.');
    expect(api.callsTo(ROUTES.resolveDisputeTeams)[0].body).toEqual({ match_id: 5, team_a_score: 11, team_b_score: 9 });
  });
});
