import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { useAdminSession } from '../../stores/adminSession';
import { AdminSignIn } from './AdminSignIn';
import { adminSections } from './adminSections';
import './admin.css';
import { SkeletonLines } from '../../components/Skeleton';

/** /admin: the ops area. Its pages come from adminSections; the job board is the server's own page. */
export function AdminArea() {
  usePageTitle('Ops');
  const authorization = useAdminSession((s) => s.authorization);
  const signOut = useAdminSession((s) => s.signOut);
  if (!authorization) return <AdminSignIn />;
  return (
    <section className="page admin">
      <nav className="admin__nav" aria-label="Ops">
        <NavLink to="/admin" end>
          Overview
        </NavLink>
        {adminSections.map((s) => (
          <NavLink key={s.path} to={`/admin/${s.path}`}>
            {s.label}
          </NavLink>
        ))}
        {/* A server page (bull-board) with its own Basic-auth prompt, so a plain link. */}
        <a href="/admin/queues">Job board</a>
        <button type="button" className="btn btn--secondary" onClick={signOut}>
          Sign out of ops
        </button>
      </nav>
      <Suspense fallback={<SkeletonLines count={3} className="card panel" />}>
        <Outlet />
      </Suspense>
    </section>
  );
}

export function AdminOverview() {
  return (
    <div className="card">
      <h1>Ops</h1>
      <p>Signed in as an operator. Pick an area:</p>
      <ul>
        {adminSections.map((s) => (
          <li key={s.path}>
            <NavLink to={`/admin/${s.path}`}>{s.label}</NavLink>
          </li>
        ))}
        <li>
          <a href="/admin/queues">Job board</a> (background jobs: mail, ID checks, ratings, deadlines)
        </li>
      </ul>
    </div>
  );
}
