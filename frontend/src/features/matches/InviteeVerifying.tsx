import { useEffect, useState } from 'react';
import { MSG, type InviteeVerifyingEvent, type MatchDetails } from '@gotnext/shared';
import { onServerEvent } from '../../realtime';
import { isOpen } from './lobbyRules';

/**
 * "mchen is verifying their ID" in a lobby that still takes players (docs/matches.md#invite-preview):
 * pushed to the match's room when an invited player holding its code starts verifying; the line
 * goes once they are on the roster.
 */
export function InviteeVerifying({ match }: { match: MatchDetails }) {
  const [verifying, setVerifying] = useState<InviteeVerifyingEvent[]>([]);
  const matchId = match.match_id;
  useEffect(
    () =>
      onServerEvent('match:verifying', (e) => {
        if (e.match_id === matchId) setVerifying((all) => [...all.filter((v) => v.user_id !== e.user_id), e]);
      }),
    [matchId],
  );
  const onRoster = new Set([...match.teamA, ...match.teamB].map((p) => p.user_id));
  const shown = isOpen(match) ? verifying.filter((v) => !onRoster.has(v.user_id)) : [];
  if (!shown.length) return null;
  return (
    <ul className="lobby-verifying" role="status" aria-label="Invited players verifying">
      {shown.map((v) => (
        <li key={v.user_id}>{MSG.inviteeVerifying(v.username)}</li>
      ))}
    </ul>
  );
}
