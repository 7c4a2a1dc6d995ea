import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MSG, WORLD_REGION } from '@gotnext/shared';
import { ApiError, errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { usePageTitle } from '../../components/usePageTitle';
import { LeaderboardPager } from './LeaderboardPager';
import { LeaderboardTable } from './LeaderboardTable';
import { useLeaderboard } from './leaderboardQueries';
import { ALL_STATES, boardTitle, COUNTRY_OPTIONS, hasStates, regionOf, selectionOf, STATE_OPTIONS, withCountry, type RegionSelection } from './regions';
import './leaderboard.css';

/** How long the name box waits after the last key before it shows the matching players. */
const SEARCH_SETTLE_MS = 400;

/** The spec's two texts: the server's refusal (or its fallback), and a server that could not be reached. */
function loadError(err: unknown): string | null {
  if (err instanceof ApiError && err.status === 0) return MSG.leaderboardError;
  return errorText(err, MSG.leaderboardLoadFailed);
}

/**
 * /leaderboard (docs/product.md#leaderboard): pick a board (World, a country, a US state) and
 * optionally a name; a new board shows as soon as it is picked, a name once the player pauses
 * typing, and View Leaderboard shows it at once. What is shown lives in the address (?region=&search=
 * &page=), so a reload, Back or a shared link shows the same board.
 */
export function LeaderboardPage() {
  usePageTitle('Leaderboard');
  const [params, setParams] = useSearchParams();
  const applied = selectionOf(params.get('region'));
  const region = regionOf(applied);
  const search = params.get('search')?.trim() ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));

  const [draft, setDraft] = useState<RegionSelection>(applied);
  const [name, setName] = useState(search);
  // Back and Forward change the address: the form follows what is shown (a name being typed keeps
  // its spaces: only a different name replaces it).
  useEffect(() => {
    setDraft(selectionOf(region));
    setName((typed) => (typed.trim() === search ? typed : search));
  }, [region, search]);

  const board = useLeaderboard(region, page, search);
  const data = board.data;
  const error = loadError(board.error);

  function show(next: { region: string; search: string; page: number }) {
    const q = new URLSearchParams();
    if (next.region !== WORLD_REGION) q.set('region', next.region);
    if (next.search) q.set('search', next.search);
    if (next.page > 1) q.set('page', String(next.page));
    setParams(q);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    show({ region: regionOf(draft), search: name.trim(), page: 1 });
  }

  // A board picked applies at once; a name once typing pauses.
  function pick(next: RegionSelection) {
    setDraft(next);
    show({ region: regionOf(next), search: name.trim(), page: 1 });
  }
  const settledName = useDebouncedValue(name.trim(), SEARCH_SETTLE_MS);
  useEffect(() => {
    if (settledName !== search) show({ region, search: settledName, page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a newly settled name applies; a changed address alone must not re-apply an old one
  }, [settledName]);

  const players = data?.players;
  const empty = players?.length === 0;
  return (
    <section className="page card leaderboard">
      <h1>{boardTitle(region)}</h1>
      <form className="leaderboard__form" onSubmit={onSubmit}>
        <FormField label="Country">
          <select value={draft.country} onChange={(e) => pick(withCountry(e.target.value))}>
            {COUNTRY_OPTIONS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </FormField>
        {hasStates(draft.country) && (
          <FormField label="State">
            <select value={draft.state} onChange={(e) => pick({ ...draft, state: e.target.value })}>
              {STATE_OPTIONS.map((s) => (
                <option key={s} value={s}>
                  {s === ALL_STATES ? 'All States' : s}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField label="Player name">
          <input type="search" value={name} placeholder="Search players" maxLength={100} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <button type="submit" className="btn btn--primary leaderboard__view">
          View Leaderboard
        </button>
      </form>
      {search && (
        <p className="muted leaderboard__searching">
          Players whose name starts with “{search}”{' '}
          <button type="button" className="link-button" onClick={() => show({ region, search: '', page: 1 })}>
            Show the whole board
          </button>
        </p>
      )}
      <ErrorMessage>{error}</ErrorMessage>
      {!error && (
        <>
          {empty && <p className="muted">{search ? MSG.noResults : MSG.noPlayers}</p>}
          {(!empty || data?.you) && <LeaderboardTable players={players} you={data?.you} stale={board.isPlaceholderData} />}
          {data && !search && <LeaderboardPager page={page} total={data.total} pageSize={data.page_size} onPage={(p) => show({ region, search, page: p })} />}
        </>
      )}
    </section>
  );
}
