import { useState } from 'react';
import { MSG } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { CreateLeagueModal } from './CreateLeagueModal';
import { LeagueList } from './LeagueList';
import { useLeagueSearch, useMyLeagues } from './leagueQueries';
import './leagues.css';

/**
 * /leagues (docs/product.md#leagues): the search (every league a player may see, private ones
 * only their members), My Leagues, and the plus icon that opens the create overlay.
 */
export function LeaguesPage() {
  usePageTitle('Leagues');
  const loggedIn = useAuthStore((s) => s.token !== null);
  const [creating, setCreating] = useState(false);
  const [text, setText] = useState('');
  const search = useLeagueSearch(text);
  const mine = useMyLeagues(loggedIn);

  return (
    <section className="page stack leagues">
      <header className="leagues__head">
        <h1>Leagues</h1>
        {loggedIn && (
          <button type="button" className="icon-button icon-button--accent" aria-label="Create League" title="Create League" onClick={() => setCreating(true)}>
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
              <path fill="currentColor" d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" />
            </svg>
          </button>
        )}
      </header>

      {loggedIn && (
        <section className="card panel" aria-labelledby="my-leagues-heading">
          <h2 id="my-leagues-heading">My Leagues</h2>
          {mine.error ? (
            <ErrorMessage>{errorText(mine.error, MSG.leagueLoadFailed)}</ErrorMessage>
          ) : !mine.data ? (
            <p className="muted">{MSG.leagueLoading}</p>
          ) : mine.data.length === 0 ? (
            <p className="muted">{MSG.noMyLeagues}</p>
          ) : (
            <LeagueList leagues={mine.data} label="My Leagues" />
          )}
        </section>
      )}

      <section className="card panel" aria-labelledby="find-leagues-heading">
        <h2 id="find-leagues-heading">Find a League</h2>
        <div className="field">
          <label htmlFor="league-search" className="visually-hidden">
            Search leagues
          </label>
          <input id="league-search" type="search" value={text} autoComplete="off" placeholder="Search leagues..." onChange={(e) => setText(e.target.value)} />
        </div>
        {!search.data ? (
          <p className="muted">{MSG.leagueLoading}</p>
        ) : search.data.length === 0 ? (
          <p className="muted">{MSG.noLeaguesFound}</p>
        ) : (
          <LeagueList leagues={search.data} label="Leagues found" />
        )}
      </section>

      {creating && <CreateLeagueModal onClose={() => setCreating(false)} />}
    </section>
  );
}
