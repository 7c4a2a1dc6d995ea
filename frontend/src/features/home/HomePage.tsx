import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { LatestNewsPanel } from './LatestNewsPanel';
import { OnboardingChecklist } from './OnboardingChecklist';
import { TopPlayersPanel } from './TopPlayersPanel';
import { RunsNearYou } from '../courts/RunsNearYou';
import { OpenLobbiesNearYou } from '../matches/OpenLobbiesNearYou';

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
      <OnboardingChecklist />
      <RunsNearYou />
      <OpenLobbiesNearYou hideWhenEmpty />
      <div className="home__panels">
        <LatestNewsPanel />
        <TopPlayersPanel />
      </div>
    </div>
  );
}
