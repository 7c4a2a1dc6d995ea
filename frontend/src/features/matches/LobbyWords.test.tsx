import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ROUTES, type MatchDetails } from '@gotnext/shared';
import { matchDetails, player } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { LobbyPage } from './LobbyPage';

async function openLobby(match: MatchDetails, viewer: number) {
  mockApi().on(ROUTES.matchDetails, { body: match });
  renderPage(<LobbyPage />, { at: `/pregame/5?matchType=${match.match_type}`, path: '/pregame/:matchId', as: { userId: viewer } });
  return screen.findByTestId('lobby-status');
}

const jr = { ...player(1, 'jrivera'), rating: '4.210', verified: true };
const mc = { ...player(2, 'mchen'), verified: false };

describe('the lobby in words', () => {
  it('tells a waiting creator how many players are missing, why Start is closed, and offers the invite', async () => {
    const status = await openLobby(matchDetails({ match_type: '2v2', status: 'waiting', players_needed: 3, teamA: [jr] }), 1);
    expect(status).toHaveTextContent('Waiting for 3 more players');
    expect(screen.getByText('Start opens when 3 more players join.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Team A 1/2' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Team B 0/2' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Share' })).toBeVisible();
    expect(screen.getByLabelText('Invite link')).toHaveValue(`${window.location.origin}/join-match?code=ABC234`);
  });

  it('tells the other players whom they wait for, with ratings and verified marks beside the names', async () => {
    const status = await openLobby(matchDetails({ match_type: '1v1', status: 'ready', teamA: [jr], teamB: [mc], opponent: jr, my_team: 'B' }), 2);
    expect(status).toHaveTextContent('Ready: waiting for jrivera to start');
    expect(screen.getByText('Only jrivera can start the game.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start Game' })).toHaveAccessibleDescription('Only jrivera can start the game.');
    const opponent = within(screen.getByRole('region', { name: 'Opponent' }));
    expect(opponent.getByLabelText('Verified')).toBeVisible();
    expect(opponent.getByLabelText('Rating 4.210')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'You' })).queryByLabelText('Verified')).toBeNull(); // mchen is not verified
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull(); // full: nobody else can join
    expect(document.title).toBe('Ready: waiting for jrivera to start · GotNext');
  });
});
