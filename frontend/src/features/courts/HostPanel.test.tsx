import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COURT_MSG, ROUTES, type CourtGame, type CourtPageResponse } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { CourtPage } from './CourtPage';

const players = [1, 2, 3, 4, 5].map((id) => ({ user_id: id, username: `p${id}` }));
const court = {
  court_id: 5,
  name: 'Rucker Park',
  address: '155th St',
  lat: 40.83,
  lng: -73.94,
  indoor: false,
  hoops: 1,
  game_size: 2,
  status: 'approved' as const,
  distance_m: null,
  headcount: 5,
  queue_length: 1,
  run_forming: true,
  favourite: false,
  notes: '',
  winner_stays: 0,
  creator_id: 1,
};
const game = (over: Partial<CourtGame>): CourtGame => ({
  match_id: 70,
  match_type: '2v2',
  status: 'in-progress',
  created_at: new Date().toISOString(),
  ranked: false,
  team_a: [players[1], players[2]],
  team_b: [players[3], players[4]],
  team_a_score: null,
  team_b_score: null,
  win_probability: 0.5,
  on_court: true,
  ...over,
});

function hostPage(games: CourtGame[]): CourtPageResponse {
  const now = new Date().toISOString();
  return {
    court,
    session: { host: players[0], players, started_at: now },
    queue: [{ group_id: null, players: [players[0]], status: 'waiting' }],
    call: null,
    games_today: games,
    me: { checked_in: true, is_host: true, queued: true, hold_expires_at: null, confirmed: false, group: null, invites: [], lobby_match_id: null },
    server_time: now,
  };
}

describe('the host ends a game on court', () => {
  it('shows End game for the game on court only; ending it sends its match and the court moves on', async () => {
    const finished = game({ match_id: 60, status: 'completed', team_a_score: 11, team_b_score: 7, on_court: false });
    const api = mockApi()
      .on(ROUTES.court, { body: hostPage([game({}), finished]) })
      .on(ROUTES.courtCode, { body: { code: '123456', expires_in: 20 } })
      .on(ROUTES.courtEndGame, { body: hostPage([game({ on_court: false }), finished]) });
    renderPage(<CourtPage />, { at: '/court/5', path: '/court/:courtId', as: { userId: 1 } });
    const end = await screen.findByRole('button', { name: 'End game: p2, p3 vs p4, p5' });
    expect(screen.getAllByRole('button', { name: /^End game/ })).toHaveLength(1);
    await userEvent.click(end);
    expect(api.callsTo(ROUTES.courtEndGame).map((c) => c.body)).toEqual([{ match_id: 70 }]);
    expect(await screen.findByText('Games today')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^End game/ })).toBeNull();
  });

  it("shows the server's refusal in plain words", async () => {
    mockApi()
      .on(ROUTES.court, { body: hostPage([game({})]) })
      .on(ROUTES.courtCode, { body: { code: '123456', expires_in: 20 } })
      .on(ROUTES.courtEndGame, { status: 409, body: { message: COURT_MSG.gameNotOnCourt } });
    renderPage(<CourtPage />, { at: '/court/5', path: '/court/:courtId', as: { userId: 1 } });
    await userEvent.click(await screen.findByRole('button', { name: /^End game/ }));
    expect(await screen.findByText(COURT_MSG.gameNotOnCourt)).toBeVisible();
  });

  it('a player who is not the host has no End game button', async () => {
    const page = hostPage([game({})]);
    mockApi().on(ROUTES.court, { body: { ...page, me: { ...page.me, is_host: false } } });
    renderPage(<CourtPage />, { at: '/court/5', path: '/court/:courtId', as: { userId: 2 } });
    expect(await screen.findByText('Games today')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^End game/ })).toBeNull();
  });
});
