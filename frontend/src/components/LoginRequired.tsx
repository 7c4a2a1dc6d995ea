import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '@gotnext/shared';

/**
 * What a page for signed-in players shows a visitor: its title, why (the page's own spec text, else
 * a plain sentence, never the API's 'No authentication token found') and both ways in, Login and Sign Up side by side. Not being logged in
 * is not a failure, so the reason reads as plain text, not as an error. With `next`, login and
 * signup return there (docs/product.md#sharing-a-match). `lead`: what the page shows a visitor first (an invite's preview).
 */
export function LoginRequired({ title, message = MSG.loginToSee, next, lead }: { title: string; message?: string; next?: string; lead?: ReactNode }) {
  const back = next ? `?next=${encodeURIComponent(next)}` : '';
  return (
    <section className="page card form-page login-wall">
      <h1>{title}</h1>
      {lead}
      {/* Announced when the page opens, as before; styled as information. */}
      <p className="login-wall__why" role="alert">
        {message}
      </p>
      <div className="login-wall__actions">
        <Link to={`/login${back}`} className="btn btn--primary">
          Login
        </Link>
        <Link to={`/signup${back}`} className="btn btn--secondary">
          Sign Up
        </Link>
      </div>
    </section>
  );
}
