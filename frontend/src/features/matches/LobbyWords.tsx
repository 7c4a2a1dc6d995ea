import { useEffect, useRef, useState } from 'react';
import { lobbyStatusText, type MatchDetails } from '@gotnext/shared';
import type { MatchScope } from './matchScope';
import { InvitePanel } from './InvitePanel';
import './invite.css';

/** What makes a change worth a cue: the status and who is in which team. */
const signature = (m: MatchDetails) => `${m.status}|${m.teamA.map((p) => p.user_id).join(',')}|${m.teamB.map((p) => p.user_id).join(',')}`;

/**
 * The lobby in words (docs/product.md#the-lobby-in-words): the status from the viewer's side, and
 * a cue when it changes: a short highlight, the tab title, and a vibration where the device allows.
 */
export function LobbyStatus({ match, viewerId }: { match: MatchDetails; viewerId: number | null }) {
  const text = lobbyStatusText(match, viewerId);
  const sig = signature(match);
  const seen = useRef(sig);
  const [flashes, setFlashes] = useState(0);

  useEffect(() => {
    if (seen.current === sig) return;
    seen.current = sig;
    setFlashes((n) => n + 1);
    if (typeof navigator.vibrate === 'function') {
      try {
        navigator.vibrate(120);
      } catch {
        // not allowed without a gesture on some browsers: the highlight and title still tell
      }
    }
  }, [sig]);

  useEffect(() => {
    document.title = `${text} · GotNext`;
  }, [text]);

  return (
    <p key={flashes} className={`lobby-status${flashes > 0 ? ' lobby-flash' : ''}`} data-testid="lobby-status" role="status" aria-live="polite">
      {text}
    </p>
  );
}

/** Copy, Share and the QR code while players may still join. */
export function LobbyInvite({ match, scope }: { match: MatchDetails; scope: MatchScope }) {
  const path = match.match_code ? scope.paths.invite(match.match_code, match.league_id) : null;
  if (match.status !== 'waiting' || !path) return null;
  return <InvitePanel code={match.match_code} path={path} />;
}

/** Why Start is closed for this viewer, under the button, in the scope's words. */
export function StartReason({ match, viewerId, scope }: { match: MatchDetails; viewerId: number | null; scope: MatchScope }) {
  const reason = scope.lobby.startReason(match, viewerId);
  if (!reason) return null;
  return (
    <p className="start-reason muted" id="start-reason">
      {reason}
    </p>
  );
}
