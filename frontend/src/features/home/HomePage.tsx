import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { lazyPage } from '../../app/lazyPage';

// Home is in the entry chunk and its panels are not: on slow 3G every further file costs a round
// trip, and the two buttons are what a newcomer came for (docs/architecture.md#phone-app).
const HomePanels = lazyPage(() => import('./HomePanels'), 'HomePanels');

export function HomePage() {
  usePageTitle();
  return (
    <div className="home">
      <section className="hero">
        <h1>
          Welcome to <span className="accent">GotNext</span>
        </h1>
        <p>Ranked pickup basketball. Call next, play, report the score, climb the board.</p>
        <div className="hero__actions">
          <Link to="/create-match" className="btn btn--primary btn--large">
            Create a Match
          </Link>
          <Link to="/join-match" className="btn btn--secondary btn--large">
            Join a Match
          </Link>
        </div>
      </section>
      <Suspense fallback={null}>
        <HomePanels />
      </Suspense>
    </div>
  );
}
