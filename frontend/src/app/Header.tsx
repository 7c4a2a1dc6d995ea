import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { selectIsLoggedIn, useAuthStore } from '../stores/auth';
import { signOut } from '../features/auth/signOut';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { ConnectionStrip } from './ConnectionStrip';

const navClass = ({ isActive }: { isActive: boolean }) => `site-nav__link${isActive ? ' is-active' : ''}`;

/** Header (docs/product.md): who sees which link depends only on whether a token is stored. */
export function Header() {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // On a phone the menu covers the page; close it once the player has picked a destination.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="site-header__logo" aria-label="GotNext home">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>
            Got<span className="accent">Next</span>
          </span>
        </Link>

        <div className="site-header__tools">
          {/* The bell (logged in only) sits beside the menu toggle so it stays visible on phones
              when the menu is collapsed. */}
          {loggedIn && (
            <div className="site-header__bell-slot" data-slot="notification-bell">
              <NotificationBell />
            </div>
          )}
          <button
            type="button"
            className="site-header__toggle"
            aria-label="Toggle menu"
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="hamburger" aria-hidden="true" />
          </button>
        </div>

        <nav id="site-nav" className={`site-nav${menuOpen ? ' is-open' : ''}`} aria-label="Main">
          <NavLink to="/" end className={navClass}>
            Home
          </NavLink>
          <NavLink to="/leaderboard" className={navClass}>
            Leaderboard
          </NavLink>
          {loggedIn && (
            <>
              <NavLink to="/courts" className={navClass}>
                Courts
              </NavLink>
              <NavLink to="/leagues" className={navClass}>
                Leagues
              </NavLink>
              <NavLink to="/friends" className={navClass}>
                Friends
              </NavLink>
              <NavLink to="/stats" className={navClass}>
                Stats
              </NavLink>
              <NavLink to="/account" className={navClass}>
                Account
              </NavLink>
              <button type="button" className="site-nav__link site-nav__signout" onClick={() => void signOut()}>
                Sign Out
              </button>
            </>
          )}
          {!loggedIn && (
            <>
              <NavLink to="/signup" className={navClass}>
                Sign Up
              </NavLink>
              <NavLink to="/login" className={({ isActive }) => `${navClass({ isActive })} site-nav__cta`}>
                Login
              </NavLink>
            </>
          )}
        </nav>
      </div>
      {/* Inside the sticky header, so it stays in view while the player scrolls. */}
      <ConnectionStrip />
    </header>
  );
}
