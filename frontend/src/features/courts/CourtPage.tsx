import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { COURT_MSG, ROUTES, parseDbId, type CourtPageResponse } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { usePageTitle } from '../../components/usePageTitle';
import { useSocketStatus } from '../../realtime';
import { CheckInPanel } from './CheckInPanel';
import { CourtGames } from './CourtGames';
import { CourtQueue } from './CourtQueue';
import { CourtStats } from './CourtStats';
import { HostPanel } from './HostPanel';
import { UpNextPanel } from './UpNextPanel';
import { useCourtAction, useCourtLive, useCourtPage } from './courtQueries';
import './courts.css';

/**
 * /court/:id (docs/courts.md#the-court-page): the court, who is here, the queue, the game being
 * called and the games played today, live in `court:{id}`; polled every 3 s while offline.
 */
export function CourtPage() {
  const courtId = parseDbId(useParams().courtId) ?? 0;
  const page = useCourtPage(courtId);
  useCourtLive(courtId);
  const online = useSocketStatus();
  usePageTitle(page.data?.court.name ?? 'Court');
  if (page.error)
    return (
      <section className="page">
        <ErrorMessage>{errorText(page.error, COURT_MSG.courtNotFound)}</ErrorMessage>
      </section>
    );
  if (!page.data)
    return (
      <section className="page">
        <p className="muted">Loading court…</p>
      </section>
    );
  return <CourtView data={page.data} fetchedAt={page.dataUpdatedAt} online={online} />;
}

function CourtView({ data, fetchedAt, online }: { data: CourtPageResponse; fetchedAt: number; online: boolean }) {
  const { court, session, me } = data;
  const id = court.court_id;
  const favourite = useCourtAction(id, () => call(ROUTES.favouriteCourt, { params: { courtId: id }, body: { favourite: !court.favourite }, fallback: COURT_MSG.courtNotFound }));
  const leave = useCourtAction(id, () => call(ROUTES.courtLeave, { params: { courtId: id }, fallback: COURT_MSG.notCheckedIn }));
  const [flagged, setFlagged] = useState<string | null>(null);
  const flag = useCourtAction(id, async () => setFlagged((await call(ROUTES.flagCourt, { params: { courtId: id }, body: {}, fallback: COURT_MSG.courtNotFound })).message));

  return (
    <section className="page stack court">
      {!online && (
        <p className="court__offline" role="status">
          Offline: the court updates every 3 s until the connection is back.
        </p>
      )}
      <header className="court__head">
        <h1>{court.name}</h1>
        <button type="button" className="btn btn--secondary btn--small" aria-pressed={court.favourite} onClick={() => favourite.mutate()}>
          {court.favourite ? '★ Favourite' : '☆ Favourite'}
        </button>
      </header>
      <p className="muted">
        {court.address && `${court.address} · `}
        {court.indoor ? 'Indoor' : 'Outdoor'} · {court.hoops} {court.hoops === 1 ? 'court' : 'courts'} · usually {court.game_size}v{court.game_size}
        {court.winner_stays > 0 && ` · winner stays on (up to ${court.winner_stays})`}
      </p>
      {court.status === 'pending' && <p className="muted">Only you see this court until it is reviewed.</p>}
      {court.notes && <p>{court.notes}</p>}

      <section className="card panel" aria-labelledby="court-run">
        <h2 id="court-run">
          Here now: <span data-testid="headcount">{court.headcount}</span>
        </h2>
        {court.run_forming && <p className="courts__badge">Run forming</p>}
        {session ? (
          <p className="muted">
            Host: {session.host.username} · {session.players.map((p) => p.username).join(', ')}
          </p>
        ) : (
          <p className="muted">No run yet. Check in to start one.</p>
        )}
        {!me.checked_in ? (
          <CheckInPanel courtId={id} court={court} open={session !== null} />
        ) : (
          <button type="button" className="btn btn--secondary btn--small" onClick={() => leave.mutate()}>
            Leave court
          </button>
        )}
        <ErrorMessage>{errorText(leave.error, COURT_MSG.notCheckedIn)}</ErrorMessage>
      </section>

      {me.lobby_match_id && (
        <p className="card panel court__lobby">
          <Link to={`/pregame/${me.lobby_match_id}`}>Go to your match</Link>
        </p>
      )}
      {me.is_host && <HostPanel data={data} />}
      {me.checked_in && <UpNextPanel data={data} fetchedAt={fetchedAt} />}
      {session && <CourtQueue data={data} />}
      <CourtGames games={data.games_today} />
      <CourtStats courtId={id} gamesToday={data.games_today} />
      <p>
        <button type="button" className="link-button" onClick={() => flag.mutate()}>
          Flag this court
        </button>
        {flagged && <span className="muted"> {flagged}</span>}
        <ErrorMessage>{errorText(flag.error, COURT_MSG.courtNotFound)}</ErrorMessage>
      </p>
    </section>
  );
}
