import { NotFoundException } from '@nestjs/common';
import { MSG } from '@gotnext/shared';

/** A `{userId}` path value as an id, or null when it cannot name a player. */
export function playerIdOf(raw: string): number | null {
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/** Like playerIdOf, but a value that names no player answers 404 'Player not found.' */
export function requirePlayerId(raw: string): number {
  const id = playerIdOf(raw);
  if (id === null) throw new NotFoundException({ message: MSG.playerNotFound });
  return id;
}
