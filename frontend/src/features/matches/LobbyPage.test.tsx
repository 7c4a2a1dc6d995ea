import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ROUTES, type MatchDetails } from '@gotnext/shared';
import { matchDetails, player } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { LobbyPage } from './LobbyPage';

const CREATOR = 1;

async function openLobby(match: MatchDetails, viewer: number) {
  const api = mockApi().on(ROUTES.matchDetails, { body: match });
  const view = renderPage(<LobbyPage />, { at: `/pregame/5?matchType=${match.match_type}`, path: '/pregame/:matchId', as: { userId: viewer } });
  await screen.findByTestId('lobby-status');
  return { ...view, api, start: () => screen.getByRole('button', { name: 'Start Game' }) };
}

describe('the lobby: who may start', () => {
  it('a 1v1: the creator, once the match is ready', async () => {
    const ready = matchDetails({ match_type: '1v1', status: 'ready', opponent: player(2) });
    expect((await openLobby(ready, CREATOR)).start()).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Change Team' })).toBeNull(); // no teams in a 1v1
  });

  it('a 1v1: not while it is still waiting for an opponent', async () => {
    const waiting = matchDetails({ match_type: '1v1', status: 'waiting', players_needed: 1 });
    expect((await openLobby(waiting, CREATOR)).start()).toBeDisabled();
  });

  it('a 1v1: never the opponent', async () => {
    const ready = matchDetails({ match_type: '1v1', status: 'ready', opponent: player(CREATOR) });
    expect((await openLobby(ready, 2)).start()).toBeDisabled();
  });

  it('a team match: the creator, once both teams are full', async () => {
    const full = matchDetails({ match_type: '2v2', status: 'ready', teamA: [player(1), player(2)], teamB: [player(3), player(4)] });
    expect((await openLobby(full, CREATOR)).start()).toBeEnabled();
  });

  it('a team match: not while one team is short, even if the match says ready', async () => {
    const short = matchDetails({ match_type: '3v3', status: 'ready', teamA: [player(1), player(2), player(3)], teamB: [player(4), player(5)] });
    expect((await openLobby(short, CREATOR)).start()).toBeDisabled();
  });

  it('a team match: never a player who did not create it', async () => {
    const full = matchDetails({ match_type: '2v2', status: 'ready', teamA: [player(1), player(2)], teamB: [player(3), player(4)], my_team: 'B' });
    expect((await openLobby(full, 3)).start()).toBeDisabled();
  });

  it("shows the server's refusal when starting fails, and the spec text when it gives none", async () => {
    const ready = matchDetails({ match_type: '1v1', status: 'ready', opponent: player(2) });
    const { api, user, start } = await openLobby(ready, CREATOR);
    api.on(ROUTES.startMatch, { status: 409, body: { message: 'The match is not ready to start.' } });
    await user.click(start());
    expect(await screen.findByRole('alert')).toHaveTextContent('The match is not ready to start.');
    expect(api.callsTo(ROUTES.startMatch)[0].body).toEqual({ user_id: CREATOR });

    api.on(ROUTES.startMatch, { status: 500 });
    await user.click(start());
    expect(await screen.findByText('Failed to start the game.')).toBeVisible();
  });

  it('offers Change Team in a team match before it starts', async () => {
    await openLobby(matchDetails({ match_type: '2v2', status: 'waiting', teamA: [player(1)] }), CREATOR);
    expect(screen.getByRole('button', { name: 'Change Team' })).toBeEnabled();
  });
});
