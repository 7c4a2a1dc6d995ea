import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COURT_MSG, ROUTES, type CourtPageResponse } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { CourtPage } from './CourtPage';

const court = {
  court_id: 5,
  name: 'Rucker Park',
  address: '155th St',
  lat: 40.83,
  lng: -73.94,
  indoor: false,
  hoops: 2,
  game_size: 2,
  status: 'approved' as const,
  distance_m: null,
  headcount: 4,
  queue_length: 4,
  run_forming: true,
  favourite: false,
  notes: '',
  winner_stays: 0,
  creator_id: 1,
};
const me = { checked_in: true, is_host: false, queued: true, hold_expires_at: null, confirmed: false, group: null, invites: [], lobby_match_id: null };
const players = [1, 2, 3, 4].map((id) => ({ user_id: id, username: `p${id}` }));

function pageOf(over: Partial<CourtPageResponse> = {}): CourtPageResponse {
  const now = new Date().toISOString();
  return {
    court,
    session: { host: players[0], players, started_at: now },
    queue: [
      { group_id: 9, players: [players[1], players[2]], status: 'waiting' },
      { group_id: null, players: [players[3]], status: 'waiting' },
    ],
    call: null,
    games_today: [],
    me,
    server_time: now,
    ...over,
  };
}

describe('the court page', () => {
  it('shows the headcount and the queue in order, a group on one line', async () => {
    mockApi().on(ROUTES.court, { body: pageOf() });
    renderPage(<CourtPage />, { at: '/court/5', path: '/court/:courtId', as: { userId: 2 } });
    expect(await screen.findByTestId('headcount')).toHaveTextContent('4');
    const items = screen.getByRole('list', { name: 'Queue' }).querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual(['p2 + p3 (group)', 'p4']);
    expect(screen.getByText('Run forming')).toBeVisible();
  });

  it('a called player sees "You\'re up: confirm" with the seconds left, and confirming calls the server', async () => {
    const until = new Date(Date.now() + 60_000).toISOString();
    const api = mockApi()
      .on(ROUTES.court, {
        body: pageOf({ me: { ...me, hold_expires_at: until }, call: { call_id: 1, hold_expires_at: until, players: players.map((p) => ({ ...p, confirmed: false })) } }),
      })
      .on(ROUTES.courtConfirm, { body: { message: COURT_MSG.confirmed, match_id: null } });
    renderPage(<CourtPage />, { at: '/court/5', path: '/court/:courtId', as: { userId: 2 } });
    expect(await screen.findByText("You're up: confirm")).toBeVisible();
    const left = Number(screen.getByTestId('hold-left').textContent);
    expect(left).toBeGreaterThan(55);
    expect(left).toBeLessThanOrEqual(60);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(api.callsTo(ROUTES.courtConfirm)).toHaveLength(1);
  });

  it("a player not checked in gives the host's code; the form refuses a short one before asking the server", async () => {
    const api = mockApi().on(ROUTES.court, { body: pageOf({ me: { ...me, checked_in: false, queued: false } }) });
    renderPage(<CourtPage />, { at: '/court/5', path: '/court/:courtId', as: { userId: 7 } });
    await userEvent.type(await screen.findByLabelText("Host's code"), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText(COURT_MSG.codeRequired)).toBeVisible();
    expect(api.callsTo(ROUTES.courtCheckIn)).toHaveLength(0);
  });
});
