/**
 * The sorted-set member of a player: `{games, 10 digits}:{9999999999 − user id, 10 digits}`, with
 * the internal rating as the score. Redis orders equal scores by member, in reverse byte order under
 * ZREVRANGE/ZREVRANK, so among equal ratings more games come first, then the smaller user id: the
 * whole order of docs/leaderboards.md#order-and-ties in one structure, and ZREVRANK is the exact
 * rank without reading anything else.
 */
const WIDTH = 10;
const ID_CEILING = 9_999_999_999;

export function memberOf(userId: number, games: number): string {
  return `${String(games).padStart(WIDTH, '0')}:${String(ID_CEILING - userId).padStart(WIDTH, '0')}`;
}

export function userIdOfMember(member: string): number {
  return ID_CEILING - Number(member.slice(WIDTH + 1));
}

export function gamesOfMember(member: string): number {
  return Number(member.slice(0, WIDTH));
}
