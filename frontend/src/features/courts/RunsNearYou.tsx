import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CourtsQuery } from '@gotnext/shared';
import { useAuthStore } from '../../stores/auth';
import { useCourtList } from './courtQueries';
import { formatDistance } from './formatDistance';
import './courts.css';

/**
 * Home's "Runs near you": courts with players checked in now, near the phone when the player has
 * already allowed location (Home never asks), else in their region. Nothing when there is no run.
 */
export function RunsNearYou() {
  const loggedIn = useAuthStore((s) => s.token !== null);
  const [query, setQuery] = useState<CourtsQuery | null>(null);
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    const fallback = () => live && setQuery({});
    const permissions = typeof navigator !== 'undefined' ? navigator.permissions : undefined;
    if (!permissions || !navigator.geolocation) return void fallback();
    permissions.query({ name: 'geolocation' }).then((status) => {
      if (status.state !== 'granted') return fallback();
      navigator.geolocation.getCurrentPosition((p) => live && setQuery({ lat: String(p.coords.latitude), lng: String(p.coords.longitude) }), fallback, {
        maximumAge: 300_000,
        timeout: 8000,
      });
    }, fallback);
    return () => {
      live = false;
    };
  }, [loggedIn]);
  const list = useCourtList(loggedIn ? query : null);
  const runs = (list.data ?? []).filter((c) => c.headcount > 0).slice(0, 3);
  if (!runs.length) return null;
  return (
    <section className="card panel" aria-labelledby="runs-near-you">
      <h2 id="runs-near-you">Runs near you</h2>
      <ul className="courts__list">
        {runs.map((c) => (
          <li key={c.court_id}>
            <Link to={`/court/${c.court_id}`}>{c.name}</Link>{' '}
            <span className="muted">
              {c.distance_m !== null && `${formatDistance(c.distance_m)} · `}
              {c.headcount} here · {c.queue_length} in queue
            </span>
            {c.run_forming && <span className="courts__badge">Run forming</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
