import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useMe } from '../features/account/useMe';
import { CurrentMatchBanner } from '../features/matches/CurrentMatchBanner';
import { BottomBar } from './BottomBar';
import { Footer } from './Footer';
import { Header } from './Header';
import { SkeletonLines } from '../components/Skeleton';

/** Shown in the page's place while its code loads (routes are lazy; the shell is not). */
function PageLoading() {
  return (
    <section className="page card">
      <SkeletonLines count={3} />
    </section>
  );
}

/** The frame of every page: header, the routed screen, footer. */
export function AppShell() {
  // Load the own account once per session. It also checks the stored token: a 401 here clears a
  // token the server no longer accepts, so the header does not pretend to be logged in.
  useMe();

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <CurrentMatchBanner />
      <main className="app__main" id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <BottomBar />
    </div>
  );
}
