import { NavLink, useLocation } from 'react-router-dom';
import { selectIsLoggedIn, useAuthStore } from '../stores/auth';

const tabClass = ({ isActive }: { isActive: boolean }) => `bottom-bar__tab${isActive ? ' is-active' : ''}`;

/**
 * The phone's bottom bar (docs/product.md#phone-navigation): Play, Courts, Notifications and Messages one
 * thumb away on every page but the scoreboard; hidden on wide screens, where the header has room.
 */
export function BottomBar() {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  // On the scoreboard the thumb belongs to the score buttons: a slip must not leave the game.
  const scoring = useLocation().pathname.startsWith('/scoreboard/');
  if (!loggedIn || scoring) return null;
  return (
    <nav className="bottom-bar" aria-label="Quick">
      <NavLink to="/join-match" className={tabClass}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M3 12h18M12 3v18" stroke="currentColor" strokeWidth="2" />
        </svg>
        <span>Play</span>
      </NavLink>
      <NavLink to="/courts" className={tabClass}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path d="M12 21s-6-5.5-6-11a6 6 0 1 1 12 0c0 5.5-6 11-6 11z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <circle cx="12" cy="10" r="2" fill="currentColor" />
        </svg>
        <span>Courts</span>
      </NavLink>
      <NavLink to="/notifications" className={tabClass}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        <span>Notifications</span>
      </NavLink>
      <NavLink to="/messages" className={tabClass}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        <span>Messages</span>
      </NavLink>
    </nav>
  );
}
