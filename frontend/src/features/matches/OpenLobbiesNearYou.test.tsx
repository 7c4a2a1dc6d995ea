import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { lobbyPath, MSG, ROUTES, type OpenLobby } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { OpenLobbiesNearYou } from './OpenLobbiesNearYou';
import { OPEN_LOBBIES_POLL_MS } from './openLobbyQueries';

const lobby = (id: number, over: Partial<OpenLobby> = {}): OpenLobby => ({
  match_id: id,
  match_type: '2v2',
  scoring_type: '1s & 2s to 11',
  ranked: true,
  creator: `host${id}`,
  players_needed: 3,
  min_rating: '3.500',
  max_rating: '4.500',
  joined: false,
  path: lobbyPath(id, '2v2'),
  ...over,
});
const listOf = (...lobbies: OpenLobby[]) => ({ body: { region: 'NY', my_rating: '4.000', lobbies } });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
const page = () => (
  <>
    <OpenLobbiesNearYou />
    <Where />
  </>
);

describe('Open games near you', () => {
  it('lists each open lobby in words and joins one in one tap, then opens its lobby', async () => {
    const api = mockApi()
      .on(ROUTES.openLobbies, listOf(lobby(5), lobby(6, { players_needed: 1, ranked: false, match_type: '1v1', path: lobbyPath(6, '1v1') })))
      .on(ROUTES.joinOpenLobby, { body: { match_id: 5, match_type: '2v2', message: MSG.matchJoined, path: lobbyPath(5, '2v2') } });
    const { user } = renderPage(page(), { as: { userId: 7 } });
    const list = within(await screen.findByRole('list', { name: 'Open games' }));
    expect(screen.getByText(/Games in NY open to your rating \(4\.000\)\. Updated every few seconds\./)).toBeVisible();
    expect(list.getAllByRole('listitem')[0]).toHaveTextContent('2v2 ranked · host5Game to 11 · baskets count 1 and 2 · Open to players rated 3.500–4.500 · 3 places left');
    expect(list.getAllByRole('listitem')[1]).toHaveTextContent('1v1 casual · host6');
    expect(list.getAllByRole('listitem')[1]).toHaveTextContent('1 place left');
    await user.click(list.getByRole('button', { name: "Join host5's 2v2" }));
    await expect.poll(() => screen.getByTestId('where').textContent).toBe('/pregame/5');
    expect(api.callsTo(ROUTES.joinOpenLobby)[0].url.pathname).toBe(ROUTES.joinOpenLobby.path.replace('{matchId}', '5'));
  });

  it('says a refusal in plain words; "already in it" opens the lobby instead', async () => {
    let answer: { status: number; body: { message: string } } = { status: 403, body: { message: MSG.openLobbyOutOfRange('3.500', '4.500', '4.600') } };
    mockApi()
      .on(ROUTES.openLobbies, listOf(lobby(5)))
      .on(ROUTES.joinOpenLobby, () => answer);
    const { user } = renderPage(page(), { as: { userId: 7 } });
    await user.click(await screen.findByRole('button', { name: "Join host5's 2v2" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This game is open to players rated 3.500–4.500; your rating is 4.600.');
    expect(screen.getByTestId('where')).toHaveTextContent('/');
    answer = { status: 409, body: { message: MSG.alreadyInMatch } };
    await user.click(screen.getByRole('button', { name: "Join host5's 2v2" }));
    await expect.poll(() => screen.getByTestId('where').textContent).toBe('/pregame/5');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it(
    'reads the list again by itself: a lobby whose last place was taken leaves it',
    async () => {
      let lobbies = [lobby(5), lobby(6)];
      mockApi().on(ROUTES.openLobbies, () => listOf(...lobbies));
      renderPage(page(), { as: { userId: 7 } });
      expect(await screen.findByRole('button', { name: "Join host6's 2v2" })).toBeVisible();
      lobbies = [lobby(5)];
      await expect.poll(() => screen.queryByRole('button', { name: "Join host6's 2v2" }), { timeout: OPEN_LOBBIES_POLL_MS + 3000 }).toBeNull();
      expect(screen.getByRole('button', { name: "Join host5's 2v2" })).toBeVisible();
    },
    OPEN_LOBBIES_POLL_MS + 8000,
  );

  it('shows an empty list in words, and nothing where it hides when empty (Home)', async () => {
    const api = mockApi().on(ROUTES.openLobbies, listOf());
    const first = renderPage(<OpenLobbiesNearYou />, { as: { userId: 7 } });
    expect(await screen.findByText('No open games near you right now.')).toBeVisible();
    first.unmount();
    renderPage(<OpenLobbiesNearYou hideWhenEmpty />, { as: { userId: 7 } });
    await expect.poll(() => api.callsTo(ROUTES.openLobbies).length).toBe(2);
    expect(screen.queryByRole('region', { name: 'Open games near you' })).toBeNull();
  });
});
