import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuthStore } from '../../stores/auth';
import { ReportPlayerModal } from '../reports/ReportPlayerModal';
import { friendButtonFor } from './friendButtons';
import { useFriendAction, useFriendStatus } from './socialQueries';
import './social.css';

/**
 * The profile's social buttons (docs/product.md#profile-and-stats): for a logged-in viewer of
 * someone else only: the friend button for where they stand, Message (to the chat) and Report
 * Player. Visitors and the owner see none.
 */
export function ProfileSocialButtons({ userId, username }: { userId: number; username: string }) {
  const me = useAuthStore((s) => s.userId);
  const loggedIn = useAuthStore((s) => s.token !== null);
  const own = me === userId;
  const { data: status } = useFriendStatus(loggedIn && !own ? userId : null);
  const act = useFriendAction();
  const [reporting, setReporting] = useState(false);
  if (!loggedIn || own) return null;
  const friend = status ? friendButtonFor(userId, status) : null;

  return (
    <div className="profile-actions" role="group" aria-label="Player actions">
      {friend && (
        <button
          type="button"
          className={`btn ${friend.label === 'Remove Friend' ? 'btn--secondary' : 'btn--primary'}`}
          disabled={!friend.action || act.isPending}
          onClick={() => friend.action && act.mutate(friend.action)}
        >
          {friend.label}
        </button>
      )}
      <Link to={`/chat/${userId}`} className="btn btn--secondary">
        Message
      </Link>
      <button type="button" className="btn btn--secondary" onClick={() => setReporting(true)}>
        Report Player
      </button>
      {reporting && <ReportPlayerModal userId={userId} username={username} onClose={() => setReporting(false)} />}
    </div>
  );
}
