import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ROUTES, type MyMatch } from '@gotnext/shared';
import { matchDetails, player } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { CurrentMatchBanner, currentMatch } from './CurrentMatchBanner';
import { LobbyPage } from './LobbyPage';
import { MyMatchesList } from './MyMatchesList';

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
