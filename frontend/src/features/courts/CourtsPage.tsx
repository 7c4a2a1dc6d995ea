import { useState } from 'react';
import { Link } from 'react-router-dom';
import { COURT_MSG, type CourtsQuery, type CourtSummary } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { LoginRequired } from '../../components/LoginRequired';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuthStore } from '../../stores/auth';
import { OpenLobbiesNearYou } from '../matches/OpenLobbiesNearYou';
import { AddCourtForm } from './AddCourtForm';
import { useCourtList } from './courtQueries';
import { formatDistance } from './formatDistance';
import { usePosition } from './usePosition';
import './courts.css';

/**
 * /courts (docs/courts.md#finding-a-court): courts near the phone (the distance is the server's),
 * or, without a position, in the player's region; a name search; favourites first.
 */
export function CourtsPage() {
  usePageTitle('Courts');
  const loggedIn = useAuthStore((s) => s.token !== null);
  const position = usePosition(loggedIn);
  const [text, setText] = useState('');
  const name = useDebouncedValue(text.trim(), 250);
  const query: CourtsQuery | null = !loggedIn
    ? null
    : name
      ? { query: name }
      : position.state === 'asking'
        ? null
        : position.coords
          ? { lat: String(position.coords.lat), lng: String(position.coords.lng) }
          : {};
  const list = useCourtList(query);
  if (!loggedIn) return <LoginRequired title="Courts" next="/courts" />;

  return (
    <section className="page stack courts">
      <h1>Courts</h1>
      <p className="muted">
        {position.state === 'asking'
          ? 'Finding courts near you…'
          : position.coords
            ? 'Courts near you, nearest first.'
            : 'Location is off: courts in your state or region. Search by name below.'}
      </p>
      <div className="field">
        <label htmlFor="court-search" className="visually-hidden">
          Search courts
        </label>
        <input id="court-search" type="search" value={text} autoComplete="off" placeholder="Search courts by name..." onChange={(e) => setText(e.target.value)} />
      </div>
      <ErrorMessage>{errorText(list.error, COURT_MSG.courtNotFound)}</ErrorMessage>
      {!list.data ? (
        <p className="muted">Loading courts…</p>
      ) : list.data.length === 0 ? (
        <p className="muted">No courts found. Add the one you play at.</p>
      ) : (
        <ul className="courts__list" aria-label="Courts">
          {list.data.map((c) => (
            <CourtRow key={c.court_id} court={c} />
          ))}
        </ul>
      )}
      <OpenLobbiesNearYou />
      <AddCourtForm position={position.coords} />
    </section>
  );
}

function CourtRow({ court }: { court: CourtSummary }) {
  return (
    <li className="card courts__row">
      <Link to={`/court/${court.court_id}`} className="courts__name">
        {court.favourite && <span aria-label="Favourite">★ </span>}
        {court.name}
      </Link>
      <span className="muted">
        {court.distance_m !== null && `${formatDistance(court.distance_m)} · `}
        {court.headcount} here · {court.queue_length} in queue
      </span>
      {court.run_forming && <span className="courts__badge">Run forming</span>}
      {court.status === 'pending' && <span className="muted"> (waiting for review)</span>}
    </li>
  );
}
