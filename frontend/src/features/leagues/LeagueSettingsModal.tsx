import { useEffect, useState, type FormEvent } from 'react';
import {
  LEAGUE_PERMISSIONS_MAX_HEIGHT,
  LEAGUE_PERMISSION_NAMES,
  LEAGUE_SETTING_NAMES,
  MSG,
  PROFILE_PHOTO_MAX_BYTES,
  mayChangeLeaguePermission,
  mayChangeLeagueSetting,
  type League,
  type LeaguePermissionName,
  type LeaguePermissions,
  type LeagueSettingName,
  type LeagueSettings,
} from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { Modal } from '../../components/Modal';
import { useUpdateLeague } from './leagueQueries';

const SETTING_LABELS: Record<LeagueSettingName, string> = {
  is_private: 'Private League',
  allow_member_matches: 'Allow Member Matches',
  verified_players_only: 'Verified Players Only',
  allow_members_invite: 'Allow Members to Invite Other Players',
};
const PERMISSION_LABELS: Record<LeaguePermissionName, string> = {
  can_edit_settings: 'Edit Settings',
  can_create_match_history: 'Add Match History',
  allow_invites: 'Invite Players',
};

interface Props {
  league: League;
  me: number | null;
  onClose: () => void;
  /** Called with the server's message once saved. */
  onSaved: (message: string) => void;
}

/**
 * League Settings (docs/leagues.md#settings): the toggles, an image with its preview (images
 * only, under 4MB), and the rights of every member but oneself and the administrator. A right the
 * editor does not hold is shown but cannot be changed, as the server would refuse it.
 */
export function LeagueSettingsModal({ league, me, onClose, onSaved }: Props) {
  const rights = league.viewer.rights;
  const [settings, setSettings] = useState<LeagueSettings>(() => Object.fromEntries(LEAGUE_SETTING_NAMES.map((n) => [n, league[n]])) as unknown as LeagueSettings);
  const editable = league.member_details.filter((m) => m.user_id !== me && m.user_id !== league.creator_id);
  const [permissions, setPermissions] = useState<Record<string, LeaguePermissions>>(() =>
    Object.fromEntries(editable.map((m) => [String(m.user_id), { ...league.member_permissions[m.user_id] }])),
  );
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useUpdateLeague(league.league_id);

  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  function pickImage(file: File | null) {
    const invalid = file && !file.type.startsWith('image/') ? MSG.imageOnly : file && file.size >= PROFILE_PHOTO_MAX_BYTES ? MSG.leagueImageTooLarge : null;
    setProblem(invalid);
    setImage(invalid ? null : file);
  }

  function toggle(userId: number, flag: LeaguePermissionName, on: boolean) {
    setPermissions((all) => ({ ...all, [userId]: { ...all[userId], [flag]: on } }));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (problem) return;
    const asText = (on: boolean) => (on ? 'true' : 'false') as 'true' | 'false';
    save.mutate(
      {
        is_private: asText(settings.is_private),
        allow_member_matches: asText(settings.allow_member_matches),
        verified_players_only: asText(settings.verified_players_only),
        allow_members_invite: asText(settings.allow_members_invite),
        member_permissions: JSON.stringify(permissions),
        image: image ?? undefined,
      },
      { onSuccess: ({ message }) => onSaved(message || MSG.leagueSettingsUpdated) },
    );
  }

  return (
    <Modal title="League Settings" onClose={onClose}>
      <form className="league-form" onSubmit={submit} noValidate>
        <fieldset className="league-form__group">
          <legend>League</legend>
          {LEAGUE_SETTING_NAMES.map((name) => (
            <label key={name} className="check">
              <input
                type="checkbox"
                checked={settings[name]}
                disabled={!mayChangeLeagueSetting(rights, name, !settings[name]) && settings[name] === league[name]}
                onChange={(e) => setSettings((s) => ({ ...s, [name]: e.target.checked }))}
              />{' '}
              {SETTING_LABELS[name]}
            </label>
          ))}
        </fieldset>

        <div className="field">
          <label htmlFor="league-image">League Image</label>
          <input id="league-image" type="file" accept="image/*" onChange={(e) => pickImage(e.target.files?.[0] ?? null)} />
          {preview && <img className="league-form__preview" src={preview} alt="New league image preview" width={96} height={96} />}
        </div>

        <fieldset className="league-form__group">
          <legend>Member Permissions</legend>
          {editable.length === 0 ? (
            <p className="muted">No other members yet.</p>
          ) : (
            <ul className="league-permissions" style={{ maxHeight: LEAGUE_PERMISSIONS_MAX_HEIGHT }}>
              {editable.map((m) => (
                <li key={m.user_id}>
                  <span className="league-permissions__name">{m.username}</span>
                  {LEAGUE_PERMISSION_NAMES.map((flag) => (
                    <label key={flag} className="check">
                      <input
                        type="checkbox"
                        aria-label={`${PERMISSION_LABELS[flag]} for ${m.username}`}
                        checked={permissions[m.user_id][flag]}
                        disabled={!mayChangeLeaguePermission(rights, flag)}
                        onChange={(e) => toggle(m.user_id, flag, e.target.checked)}
                      />{' '}
                      {PERMISSION_LABELS[flag]}
                    </label>
                  ))}
                </li>
              ))}
            </ul>
          )}
        </fieldset>

        <ErrorMessage>{problem ?? errorText(save.error, MSG.leagueSettingsError)}</ErrorMessage>
        <button type="submit" className="btn btn--primary btn--block" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
      </form>
    </Modal>
  );
}
