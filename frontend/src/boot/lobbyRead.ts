// The one path, from the shared contract's own module: the table itself (ROUTES) would be bundled
// whole into every page's HTML by the inline boot script.
import { MATCH_DETAILS_PATH } from '../../../libs/shared/src/api/match-details-path';

/** The API path of the read the lobby page (/pregame/{id}) makes first, or null on any other page. */
export function lobbyReadPath(pathname: string): string | null {
  const lobby = /^\/pregame\/(\d{1,9})\/?$/.exec(pathname);
  return lobby ? MATCH_DETAILS_PATH.replace('{matchId}', lobby[1]!) : null;
}
