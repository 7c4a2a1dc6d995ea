/**
 * The API path of the read the lobby page (/pregame/{id}) makes first, or null on any other page.
 * Written out here rather than taken from ROUTES, whose whole table would go into every page's HTML;
 * lobbyRead.test.ts holds it equal to the table's row.
 */
export function lobbyReadPath(pathname: string): string | null {
  const lobby = /^\/pregame\/(\d{1,9})\/?$/.exec(pathname);
  return lobby ? `/api/match-details/${lobby[1]}` : null;
}
