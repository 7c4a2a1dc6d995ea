import { LatestNewsPanel } from './LatestNewsPanel';
import { OnboardingChecklist } from './OnboardingChecklist';
import { TopPlayersPanel } from './TopPlayersPanel';
import { RunsNearYou } from '../courts/RunsNearYou';
import { OpenLobbiesNearYou } from '../matches/OpenLobbiesNearYou';

/** Everything on home below its two buttons: its own chunk, so the buttons never wait for it. */
export function HomePanels() {
  return (
    <>
      <OnboardingChecklist />
      <RunsNearYou />
      <OpenLobbiesNearYou hideWhenEmpty />
      <div className="home__panels">
        <LatestNewsPanel />
        <TopPlayersPanel />
      </div>
    </>
  );
}
