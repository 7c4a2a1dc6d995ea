import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useAuthStore } from '../stores/auth';
import { Footer } from './Footer';
import { Header } from './Header';

/** The frame of every page: header, the routed screen, footer. */
export function AppShell() {
  const token = useAuthStore((s) => s.token);
  const refreshUser = useAuthStore((s) => s.refreshUser);

  // Load the own account once per session. It also checks the stored token: a 401 here clears a
  // token the server no longer accepts, so the header does not pretend to be logged in.
  useEffect(() => {
    if (token) refreshUser().catch(() => undefined);
  }, [token, refreshUser]);

  return (
    <div className="app">
      <Header />
      <main className="app__main" id="main">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
