import { DEFAULT_LEAGUE_IMAGE, MSG, type League } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { Avatar } from '../../components/Avatar';
import { ErrorMessage } from '../../components/Feedback';
import { IconButton } from './LeagueIcons';

interface Props {
  league: League;
  onJoin: () => void;
  onLeave: () => void;
  pending: boolean;
  error: unknown;
  /** Why Join League did nothing (a visitor), or null. */
  notice: string | null;
  open: (modal: 'settings' | 'addMatch' | 'invite') => void;
}

/**
 * The league's header (docs/product.md#league-page): image with the default fallback, name, Join
 * League or Leave League, and the Settings, Add Match and Invite icons for those whose rights
 * (read from the server on every load) allow them.
 */
export function LeagueHeader({ league, onJoin, onLeave, pending, error, notice, open }: Props) {
  const { rights, is_member: member } = league.viewer;
  return (
    <header className="card panel league-header">
      <Avatar
        picture={league.league_image}
        version={league.league_image_version}
        alt={`${league.name} image`}
        size={72}
        fallback={DEFAULT_LEAGUE_IMAGE}
        className="league-header__image"
      />
      <div className="league-header__title">
        <h1>{league.name}</h1>
        <p className="muted">
          {league.is_private ? 'Private league' : 'Public league'}
          {league.verified_players_only ? ' · Verified players only' : ''}
        </p>
      </div>
      <div className="league-header__actions" role="group" aria-label="League actions">
        {rights.can_edit_settings && <IconButton icon="settings" label="Settings" onClick={() => open('settings')} />}
        {rights.can_create_match_history && <IconButton icon="addMatch" label="Add Match" onClick={() => open('addMatch')} />}
        {rights.allow_invites && <IconButton icon="invite" label="Invite" onClick={() => open('invite')} />}
        {member ? (
          <button type="button" className="btn btn--secondary" disabled={pending} onClick={onLeave}>
            Leave League
          </button>
        ) : (
          !league.viewer.invite && (
            <button type="button" className="btn btn--primary" disabled={pending} onClick={onJoin}>
              Join League
            </button>
          )
        )}
      </div>
      <ErrorMessage>{notice ?? errorText(error, MSG.tryAgain)}</ErrorMessage>
    </header>
  );
}
