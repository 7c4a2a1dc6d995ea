import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { MSG, ROUTES, type League } from '@gotnext/shared';
import { leagueFixture, leagueHistoryItem, player } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { queryKeys } from '../../api/queryKeys';
import { useSocketStatusStore } from '../../realtime/socket';
import { LeaguePage } from './LeaguePage';

const ICONS = ['Settings', 'Add Match', 'Invite'];

async function openLeague(league: League | { status: number; body?: unknown }, viewer: number | null, at = '/league/7') {
  const api = mockApi()
    .on(ROUTES.league, 'league_id' in league ? { body: { league } } : league)
    .on(ROUTES.leagueChat, { body: { chat: [], next_cursor: null } })
    .on(ROUTES.friendStatus, (call) => ({ body: { status: call.url.pathname.endsWith('/3') ? 'friends' : 'not_friends', request_id: null } }))
    .on(ROUTES.joinLeague, { body: { message: MSG.leagueJoined, member: {} } });
  const view = renderPage(<LeaguePage />, { at, path: '/league/:leagueId', as: viewer === null ? undefined : { userId: viewer } });
  return { ...view, api };
}
const shownIcons = () => ICONS.filter((name) => screen.queryByRole('button', { name }));

describe('the league page: controls follow the rights the server sent', () => {
  it('the administrator: every icon, Leave League, Create League Match', async () => {
    await openLeague(leagueFixture({ viewer: 1, members: [[1], [2]] }), 1);
    expect(await screen.findByRole('button', { name: 'Leave League' })).toBeVisible();
    expect(shownIcons()).toEqual(ICONS);
    expect(screen.getByRole('link', { name: 'Create League Match' })).toHaveAttribute('href', '/clm/7');
    expect(screen.getByRole('link', { name: 'Join League Match' })).toHaveAttribute('href', '/join-league-match/7');
  });

  it('a member without rights, the league-wide toggles off: no icon, no Create League Match', async () => {
    await openLeague(leagueFixture({ viewer: 2, members: [[1], [2]], settings: { allow_members_invite: false, allow_member_matches: false } }), 2);
    expect(await screen.findByRole('button', { name: 'Leave League' })).toBeVisible();
    expect(shownIcons()).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Create League Match' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Join League Match' })).toBeVisible();
  });

  it('each right shows its own icon; the toggles give Invite and Create League Match to everyone', async () => {
    const off = { allow_members_invite: false, allow_member_matches: false };
    const cases: [League, string[]][] = [
      [leagueFixture({ viewer: 2, members: [[1], [2, { can_edit_settings: true }]], settings: off }), ['Settings']],
      [leagueFixture({ viewer: 2, members: [[1], [2, { can_create_match_history: true }]], settings: off }), ['Add Match']],
      [leagueFixture({ viewer: 2, members: [[1], [2, { allow_invites: true }]], settings: off }), ['Invite']],
      [leagueFixture({ viewer: 2, members: [[1], [2]], settings: { allow_members_invite: true, allow_member_matches: false } }), ['Invite']],
    ];
    for (const [league, icons] of cases) {
      const { unmount } = await openLeague(league, 2);
      await screen.findByRole('button', { name: 'Leave League' });
      expect(shownIcons()).toEqual(icons);
      unmount();
    }
    const { unmount } = await openLeague(leagueFixture({ viewer: 2, members: [[1], [2, { can_create_match_history: true }]], settings: off }), 2);
    expect(await screen.findByRole('link', { name: 'Create League Match' })).toBeVisible();
    unmount();
  });

  it('a non-member: Join League, no icons, the chat closed', async () => {
    const { api, user } = await openLeague(leagueFixture({ viewer: 9, members: [[1], [2]] }), 9);
    await user.click(await screen.findByRole('button', { name: 'Join League' }));
    expect(api.callsTo(ROUTES.joinLeague)[0].body).toEqual({ league_id: 7, user_id: 9 });
    expect(shownIcons()).toEqual([]);
    expect(screen.getByText(MSG.leagueChatMembersOnly)).toBeVisible();
    expect(api.callsTo(ROUTES.leagueChat)).toHaveLength(0);
  });

  it('a visitor who presses Join League is told to log in, and nothing is sent', async () => {
    const { api, user } = await openLeague(leagueFixture({ viewer: null, members: [[1]] }), null);
    await user.click(await screen.findByRole('button', { name: 'Join League' }));
    expect(await screen.findByText(MSG.joinLeagueLogin)).toBeVisible();
    expect(api.callsTo(ROUTES.joinLeague)).toHaveLength(0);
    expect(screen.getByRole('list', { name: 'Members' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Message/ })).toBeNull(); // no message or friend buttons for visitors
  });

  it('a visitor of a public league sees Recent Matches from the league itself, and View All Matches', async () => {
    const history = [5, 4, 3, 2, 1].map((id) => leagueHistoryItem(id, player(1), player(2), 11, id));
    const { api, user } = await openLeague(leagueFixture({ viewer: null, members: [[1], [2]], history }), null);
    const recent = await screen.findByRole('region', { name: 'Recent Matches' });
    expect(
      within(recent)
        .getAllByTestId('final-score')
        .map((e) => e.textContent),
    ).toEqual(['11 - 5', '11 - 4', '11 - 3', '11 - 2']);
    expect(within(recent).getAllByText('Outcome: Completed', { exact: false })).toHaveLength(4);
    await user.click(within(recent).getByRole('button', { name: 'View All Matches' }));
    expect(within(await screen.findByRole('dialog')).getAllByTestId('final-score')).toHaveLength(5);
    expect(api.callsTo(ROUTES.leagueMatchHistory)).toHaveLength(0); // the members' call is not made
  });

  it('members list: profile links, Message and Add Friend by friendship, never for oneself', async () => {
    await openLeague(leagueFixture({ viewer: 2, members: [[1], [2], [3]] }), 2);
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(screen.getByRole('heading', { name: 'Members (3)' })).toBeVisible();
    expect(within(list).getByRole('link', { name: /^player1/ })).toHaveAttribute('href', '/profile/1');
    expect(await within(list).findByRole('button', { name: 'Add player1 as a friend' })).toBeVisible();
    expect(within(list).getByRole('link', { name: 'Message player3' })).toHaveAttribute('href', '/chat/3');
    expect(within(list).queryByRole('button', { name: 'Add player3 as a friend' })).toBeNull(); // friends already
    expect(within(list).queryByRole('link', { name: 'Message player2' })).toBeNull();
  });

  it('an invitee of a private league sees its name and the invite, and accepts', async () => {
    const { api, user } = await openLeague(leagueFixture({ viewer: 5, members: [[1], [2]], settings: { is_private: true }, invite: 'player1' }), 5);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tuesday Run' })).toBeVisible();
    expect(screen.getByText(MSG.leagueInvited('player1'))).toBeVisible();
    expect(screen.queryByRole('heading', { name: /Members/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(api.callsTo(ROUTES.joinLeague)).toHaveLength(1);
  });

  it('Loading..., the server’s refusal, and No league data found. for an address that names none', async () => {
    await openLeague({ status: 404, body: { message: MSG.leagueNotFound } }, 2);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.leagueNotFound);
    const failing = await openLeague({ status: 500 }, 2);
    expect(await screen.findByText(MSG.leagueLoadFailed)).toBeVisible();
    failing.unmount();
    await openLeague(leagueFixture({ viewer: 1 }), 1, '/league/abc');
    expect(screen.getByText(MSG.noLeagueData)).toBeVisible();
  });

  it('the administrator leaving is told who will run the league, and may stay', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { api, user } = await openLeague(leagueFixture({ viewer: 1, members: [[1], [2]] }), 1);
    await user.click(await screen.findByRole('button', { name: 'Leave League' }));
    expect(confirm).toHaveBeenCalledWith(MSG.leaveHandOver('player2'));
    expect(api.callsTo(ROUTES.leaveLeague)).toHaveLength(0);
    confirm.mockRestore();
  });

  it('offline, a failed read keeps the page and a chat message waiting in its composer; a refusal still replaces it', async () => {
    const { api, user, client } = await openLeague(leagueFixture({ viewer: 2, members: [[1], [2]] }), 2);
    await screen.findByRole('button', { name: 'Leave League' });
    useSocketStatusStore.setState({ online: false });
    const box = await screen.findByRole('textbox', { name: /^Message / });
    await user.type(box, 'Who is in tonight?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('pending-message')).toHaveTextContent('Who is in tonight?');
    api.on(ROUTES.league, 'network-error').on(ROUTES.leagueChat, 'network-error');
    await client.refetchQueries();
    await waitFor(() => expect(client.getQueryState(queryKeys.league(7))?.status).toBe('error'));
    await act(async () => undefined);
    expect(screen.getByTestId('pending-message')).toHaveTextContent('Who is in tonight?');
    useSocketStatusStore.setState({ online: true });
    api.on(ROUTES.league, { status: 404, body: { message: MSG.leagueNotFound } });
    await client.refetchQueries({ queryKey: queryKeys.league(7) });
    expect(await screen.findByText(MSG.leagueNotFound)).toBeVisible();
  });
});
