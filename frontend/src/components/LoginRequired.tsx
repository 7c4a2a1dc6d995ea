import { Link } from 'react-router-dom';
import { MSG } from '@gotnext/shared';
import { ErrorMessage } from './Feedback';

/**
 * What a page for signed-in players shows a visitor: its title, why (the page's own spec text, else
 * the unauthorized message) and a way to log in. With `next`, login and signup return there
 * (docs/product.md#sharing-a-match) and Sign Up is offered too.
 */
export function LoginRequired({ title, message = MSG.unauthorized, next }: { title: string; message?: string; next?: string }) {
  const back = next ? `?next=${encodeURIComponent(next)}` : '';
  return (
    <section className="page card form-page">
      <h1>{title}</h1>
      <ErrorMessage>{message}</ErrorMessage>
      <Link to={`/login${back}`} className="btn btn--primary btn--block">
        Login
      </Link>
      {next && (
        <Link to={`/signup${back}`} className="btn btn--secondary btn--block">
          Sign Up
        </Link>
      )}
    </section>
  );
}
