import { Link } from 'react-router-dom';
import { MSG } from '@gotnext/shared';
import { ErrorMessage } from './Feedback';

/** What a page for signed-in players shows a visitor: its title, why (the page's own spec text, else the unauthorized message) and a way to log in. */
export function LoginRequired({ title, message = MSG.unauthorized }: { title: string; message?: string }) {
  return (
    <section className="page card form-page">
      <h1>{title}</h1>
      <ErrorMessage>{message}</ErrorMessage>
      <Link to="/login" className="btn btn--primary btn--block">
        Login
      </Link>
    </section>
  );
}
