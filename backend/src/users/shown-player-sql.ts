import { MSG } from '@gotnext/shared';

/**
 * How a player shows wherever another feature names them (rosters, history, chat, invites): a
 * deleted account under 'Deleted player' and without a picture (docs/accounts.md#deletion). The
 * users feature owns this projection; every query that names a player selects it from here
 * rather than restating the rule. `u` is the alias of the player's `users` row.
 */
export function shownUsernameSql(u = 'u'): string {
  return `CASE WHEN ${u}.deleted_at IS NULL THEN ${u}.username ELSE '${MSG.deletedPlayer.replace(/'/g, "''")}' END`;
}

export function shownPictureSql(u = 'u'): string {
  return `CASE WHEN ${u}.deleted_at IS NULL THEN ${u}.profile_picture END`;
}
