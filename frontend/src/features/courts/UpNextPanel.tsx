import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { COURT_MSG, ROUTES, type CourtPageResponse } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { useAuthStore } from '../../stores/auth';
import { useCourtAction } from './courtQueries';

/**
 * A checked-in player's own controls: join or leave the queue, their group (invite, answer
 * invites) and, when called, "You're up: confirm" with the hold's countdown (by the server's clock).
 */
export function UpNextPanel({ data, fetchedAt }: { data: CourtPageResponse; fetchedAt: number }) {
  const id = data.court.court_id;
  const { me } = data;
  const params = { courtId: id };
  const join = useCourtAction(id, () => call(ROUTES.courtJoinQueue, { params, fallback: COURT_MSG.notCheckedIn }));
  const leave = useCourtAction(id, () => call(ROUTES.courtLeaveQueue, { params, fallback: COURT_MSG.notQueued }));
  const confirm = useCourtAction(id, () => call(ROUTES.courtConfirm, { params, fallback: COURT_MSG.notCalled }));
  const invite = useCourtAction(id, (userId: number) => call(ROUTES.courtGroupInvite, { params, body: { user_id: userId }, fallback: COURT_MSG.groupInviteRefused }));
  const answer = useCourtAction(id, (a: { group_id: number; accept: boolean }) => call(ROUTES.courtGroupAnswer, { params, body: a, fallback: COURT_MSG.inviteNotFound }));
  const navigate = useNavigate();
  const [invitee, setInvitee] = useState('');
  const left = useSecondsLeft(me.hold_expires_at, data.server_time, fetchedAt);
  const inQueue = new Set(data.queue.flatMap((u) => u.players.map((p) => p.user_id)));
  const groupIds = new Set(me.group?.members.map((m) => m.user_id) ?? []);
  const meId = useAuthStore((s) => s.userId);
  // Only a leader (or a player alone, who becomes one) invites, and not while called.
  const canInvite = me.queued && (!me.group || me.group.leader_id === meId) && !me.hold_expires_at && !me.confirmed;
  const candidates = (data.session?.players ?? []).filter((p) => p.user_id !== meId && !groupIds.has(p.user_id));

  return (
    <section className="card panel court__mine" aria-labelledby="court-mine">
      <h2 id="court-mine">You</h2>
      {me.hold_expires_at && left !== null && left > 0 && (
        <div className="court__up" role="alert">
          <p>
            <strong>You're up: confirm</strong> · <span data-testid="hold-left">{left}</span> s left
          </p>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() =>
              confirm.mutate(undefined, {
                onSuccess: (r) => {
                  if (r.match_id) void navigate(`/pregame/${r.match_id}`);
                },
              })
            }
            disabled={confirm.isPending}
          >
            Confirm
          </button>
        </div>
      )}
      {me.hold_expires_at && left === 0 && <p className="muted">{COURT_MSG.holdExpired}</p>}
      {me.confirmed && <p>{COURT_MSG.confirmed}</p>}
      <ErrorMessage>{errorText(confirm.error, COURT_MSG.notCalled)}</ErrorMessage>
      {me.queued ? (
        <button type="button" className="btn btn--secondary" onClick={() => leave.mutate()}>
          Leave the queue
        </button>
      ) : (
        <button type="button" className="btn btn--primary" onClick={() => join.mutate()}>
          I got next
        </button>
      )}
      <ErrorMessage>{errorText(join.error ?? leave.error, COURT_MSG.notCheckedIn)}</ErrorMessage>

      {me.group && <p className="muted">Your group: {me.group.members.map((m) => `${m.username}${m.accepted ? '' : ' (invited)'}`).join(', ')}</p>}
      {canInvite && candidates.length > 0 && (
        <form
          className="court__invite"
          onSubmit={(e) => {
            e.preventDefault();
            if (invitee) invite.mutate(Number(invitee));
          }}
        >
          <label className="field">
            Bring a friend
            <select value={invitee} onChange={(e) => setInvitee(e.target.value)}>
              <option value="">Choose a player</option>
              {candidates.map((p) => (
                <option key={p.user_id} value={p.user_id}>
                  {p.username}
                  {inQueue.has(p.user_id) ? ' (in queue)' : ''}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn--secondary btn--small" disabled={!invitee}>
            Invite to my group
          </button>
        </form>
      )}
      <ErrorMessage>{errorText(invite.error, COURT_MSG.groupInviteRefused)}</ErrorMessage>
      {me.invites.map((i) => (
        <p key={i.group_id} className="court__invite-answer">
          {i.leader.username} invited you to their group.{' '}
          <button type="button" className="btn btn--primary btn--small" onClick={() => answer.mutate({ group_id: i.group_id, accept: true })}>
            Accept
          </button>{' '}
          <button type="button" className="btn btn--secondary btn--small" onClick={() => answer.mutate({ group_id: i.group_id, accept: false })}>
            Decline
          </button>
        </p>
      ))}
      <ErrorMessage>{errorText(answer.error, COURT_MSG.inviteNotFound)}</ErrorMessage>
    </section>
  );
}

/** Seconds left on a hold, counted on the phone from the server's clock at the last read. */
function useSecondsLeft(until: string | null, serverTime: string, fetchedAt: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const serverNow = Date.parse(serverTime) + (now - fetchedAt);
  return Math.max(0, Math.ceil((Date.parse(until) - serverNow) / 1000));
}
