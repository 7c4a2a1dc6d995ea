import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MSG, ROUTES, type League } from '@gotnext/shared';
import { leagueFixture, player } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { InviteMembersModal } from './InviteMembersModal';

function openInvite(league: League, found = [player(2), player(5), player(6)]) {
  const api = mockApi()
    .on(ROUTES.players, (call) => ({ body: { players: call.url.searchParams.get('query') === 'nobody' ? [] : found } }))
    .on(ROUTES.inviteToLeague, { status: 201, body: { message: MSG.inviteSent } });
  const view = renderPage(<InviteMembersModal league={league} onClose={() => undefined} />, { as: { userId: 1 } });
  return { ...view, api, search: screen.getByPlaceholderText(MSG.invitePlayersSearch) };
}

describe('the Invite Members modal', () => {
  it('searches only for a non-empty query, and says No players found. when nothing matches', async () => {
    const { api, user, search } = openInvite(leagueFixture({ viewer: 1 }));
    await user.type(search, '   ');
    await new Promise((r) => setTimeout(r, 400));
    expect(api.callsTo(ROUTES.players)).toHaveLength(0);
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText(MSG.noPlayersFound)).toBeVisible();
  });

  it('Invite becomes a disabled Invited once sent; members read Member; a pending invite reads Invited', async () => {
    const league = leagueFixture({ viewer: 1, members: [[1], [2]] });
    league.viewer.pending_invites = [6];
    const { api, user, search } = openInvite(league);
    await user.type(search, 'player');
    await user.click(await screen.findByRole('button', { name: 'Invite player5' }));
    expect(api.callsTo(ROUTES.inviteToLeague)[0].body).toEqual({ league_id: 7, inviter_id: 1, invitee_id: 5 });
    expect(await screen.findAllByRole('button', { name: 'Invited' })).toHaveLength(2);
    for (const b of screen.getAllByRole('button', { name: 'Invited' })) expect(b).toBeDisabled();
    expect(screen.getByText('Member')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Invite player2' })).toBeNull();
  });

  it('a refused invite is only logged: the button stays Invite', async () => {
    const { api, user, search } = openInvite(leagueFixture({ viewer: 1 }), [player(5)]);
    api.on(ROUTES.inviteToLeague, { status: 403, body: { message: MSG.inviteRefused } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.type(search, 'player5');
    await user.click(await screen.findByRole('button', { name: 'Invite player5' }));
    // The refusal has settled once it is logged; until then the button is disabled while pending.
    await waitFor(() => expect(logged).toHaveBeenCalledWith('league invite failed:', MSG.inviteRefused));
    expect(screen.getByRole('button', { name: 'Invite player5' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Invited' })).toBeNull();
  });
});
