import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG, type League, type PlayerSearchResult } from '@gotnext/shared';
import { Modal } from '../../components/Modal';
import { PlayerSearch } from '../social/PlayerSearch';
import { useInvite } from './leagueQueries';
import '../social/social.css';

/**
 * Invite Members (docs/product.md#league-page): a player search that runs for any non-empty text
 * (players blocked either way are left out by the server), each result with Invite, which becomes
 * a disabled 'Invited' once sent (or while an invite is pending); members read 'Member'.
 */
export function InviteMembersModal({ league, onClose }: { league: League; onClose: () => void }) {
  const [invited, setInvited] = useState<Set<number>>(() => new Set(league.viewer.pending_invites));
  const members = new Set(league.member_details.map((m) => m.user_id));
  return (
    <Modal title="Invite Members" onClose={onClose}>
      <PlayerSearch
        label="Search players"
        placeholder={MSG.invitePlayersSearch}
        empty={MSG.noPlayersFound}
        name={(p) => <Link to={`/profile/${p.user_id}`}>{p.username}</Link>}
        action={(p) =>
          members.has(p.user_id) ? (
            <span className="muted social-list__state">Member</span>
          ) : (
            <InviteButton
              leagueId={league.league_id}
              player={p}
              invited={invited.has(p.user_id) || league.viewer.pending_invites.includes(p.user_id)}
              onInvited={() => setInvited((s) => new Set(s).add(p.user_id))}
            />
          )
        }
      />
    </Modal>
  );
}

function InviteButton({ leagueId, player, invited, onInvited }: { leagueId: number; player: PlayerSearchResult; invited: boolean; onInvited: () => void }) {
  const invite = useInvite(leagueId);
  if (invited) {
    return (
      <button type="button" className="btn btn--secondary btn--small" disabled>
        Invited
      </button>
    );
  }
  return (
    <button
      type="button"
      className="btn btn--primary btn--small"
      disabled={invite.isPending}
      aria-label={`Invite ${player.username}`}
      onClick={() => invite.mutate(player.user_id, { onSuccess: onInvited })}
    >
      Invite
    </button>
  );
}
