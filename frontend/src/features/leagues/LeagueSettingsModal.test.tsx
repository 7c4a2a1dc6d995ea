import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, ROUTES, type League } from '@gotnext/shared';
import { leagueFixture } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { LeagueSettingsModal } from './LeagueSettingsModal';

beforeAll(() => {
  // jsdom has no object URLs; the preview only needs one.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

function openSettings(league: League, me: number) {
  const api = mockApi().on(ROUTES.updateLeague, { body: { message: MSG.leagueSettingsUpdated, league } });
  const onSaved = vi.fn();
  const view = renderPage(<LeagueSettingsModal league={league} me={me} onClose={() => undefined} onSaved={onSaved} />, { as: { userId: me } });
  const sent = () => Object.fromEntries((api.callsTo(ROUTES.updateLeague)[0].body as FormData).entries());
  return { ...view, api, onSaved, sent };
}

describe('the League Settings modal', () => {
  it('lists every member but oneself and the administrator, and sends the toggles and the rights as the form', async () => {
    const league = leagueFixture({ viewer: 1, members: [[1], [2], [3, { allow_invites: true }]] });
    const { user, sent, onSaved } = openSettings(league, 1);
    expect(screen.queryByLabelText('Edit Settings for player1')).toBeNull();
    expect(screen.getByLabelText('Invite Players for player3')).toBeChecked();
    await user.click(screen.getByLabelText('Private League'));
    await user.click(screen.getByLabelText('Allow Members to Invite Other Players'));
    await user.click(screen.getByLabelText('Edit Settings for player2'));
    await user.click(screen.getByLabelText('Invite Players for player3'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(MSG.leagueSettingsUpdated));
    const form = sent();
    expect(form).toMatchObject({ is_private: 'true', allow_member_matches: 'true', verified_players_only: 'false', allow_members_invite: 'false' });
    expect(JSON.parse(form.member_permissions as string)).toEqual({
      2: { can_edit_settings: true, can_create_match_history: false, allow_invites: false },
      3: { can_edit_settings: false, can_create_match_history: false, allow_invites: false },
    });
    expect(form.image).toBeUndefined();
  });

  it('an editor can hand on only the rights they hold, and cannot turn on a toggle that grants one they lack', () => {
    const league = leagueFixture({ viewer: 2, members: [[1], [2, { can_edit_settings: true }], [3]], settings: { allow_members_invite: false, allow_member_matches: false } });
    openSettings(league, 2);
    expect(screen.queryByLabelText('Edit Settings for player2')).toBeNull(); // own entry
    expect(screen.queryByLabelText('Edit Settings for player1')).toBeNull(); // the administrator
    expect(screen.getByLabelText('Edit Settings for player3')).toBeEnabled();
    expect(screen.getByLabelText('Add Match History for player3')).toBeDisabled();
    expect(screen.getByLabelText('Invite Players for player3')).toBeDisabled();
    expect(screen.getByLabelText('Allow Members to Invite Other Players')).toBeDisabled();
    expect(screen.getByLabelText('Allow Member Matches')).toBeDisabled();
    expect(screen.getByLabelText('Private League')).toBeEnabled();
    expect(screen.getByLabelText('Verified Players Only')).toBeEnabled();
  });

  it('takes images only, shows a preview, and sends the picked image', async () => {
    const { sent, onSaved } = openSettings(leagueFixture({ viewer: 1 }), 1);
    // The picker's accept="image/*" is only a hint: a file chosen anyway is refused.
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const picker = screen.getByLabelText('League Image');
    await user.upload(picker, new File(['%PDF'], 'rules.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.imageOnly);
    const photo = new File([new Uint8Array([1, 2, 3])], 'team.png', { type: 'image/png' });
    await user.upload(picker, photo);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('img', { name: 'New league image preview' })).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect((sent().image as File).name).toBe('team.png');
  });

  it('shows the server’s refusal, or the spec’s text without one', async () => {
    const { api, user, onSaved } = openSettings(leagueFixture({ viewer: 1, members: [[1], [2]] }), 1);
    api.on(ROUTES.updateLeague, { status: 403, body: { message: MSG.cannotGrantLacking } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.cannotGrantLacking);
    api.on(ROUTES.updateLeague, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.leagueSettingsFailed)).toBeVisible();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
