import { Link } from 'react-router-dom';
import { MSG } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { matchLine } from './CurrentMatchBanner';
import { useMyMatches } from './matchQueries';

/** The caller's open matches on /stats (docs/matches.md#my-matches), each one tap from its next step. */
export function MyMatchesList() {
  const { data, error } = useMyMatches();
  return (
    <section id="my-matches" aria-label="My matches">
      <h2>My Matches</h2>
      {error ? <ErrorMessage>{errorText(error, MSG.myMatchesFailed)}</ErrorMessage> : null}
      {data && !data.matches.length && <p className="muted">{MSG.noOpenMatches}</p>}
      {data && data.matches.length > 0 && (
        <ul className="my-matches">
          {data.matches.map((m) => (
            <li key={m.match_id}>
              <Link className="my-matches__row" to={m.path}>
                <span>{matchLine(m)}</span>
                <span className="muted">Code {m.match_code}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
