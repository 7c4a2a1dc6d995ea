import { describe, expect, it } from 'vitest';
import { ROUTES, routePath } from '@gotnext/shared';
import { lobbyReadPath } from './lobbyRead';

describe('the boot script’s lobby read', () => {
  it('asks for the same URL the lobby’s match query does, so the query adopts it', () => {
    expect(lobbyReadPath('/pregame/42')).toBe(routePath(ROUTES.matchDetails.path, { matchId: 42 }));
    expect(lobbyReadPath('/pregame/42/')).toBe(routePath(ROUTES.matchDetails.path, { matchId: 42 }));
  });

  it('starts nothing on other pages', () => {
    for (const path of ['/', '/pregame', '/pregame/abc', '/lmpregame/4', '/pregame/4/extra']) expect(lobbyReadPath(path)).toBeNull();
  });
});
