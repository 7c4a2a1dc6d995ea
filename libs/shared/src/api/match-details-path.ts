/**
 * The lobby's first read (ROUTES.matchDetails). A module of its own so that the page's inline boot
 * script (frontend/src/boot/lobbyRead.ts) can start that read with this one string, not the whole
 * table bundled into every page's HTML.
 */
export const MATCH_DETAILS_PATH = '/api/match-details/{matchId}';
