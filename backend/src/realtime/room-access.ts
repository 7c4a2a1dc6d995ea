import { Injectable } from '@nestjs/common';
import { parseRoom, type RoomKind } from '@gotnext/shared';

export type RoomCheck = (userId: number, roomId: number) => Promise<boolean>;

/**
 * Decides whether a user may join a room. Features register their own checks (match players,
 * league members); a room kind nobody registered is refused, so the default is closed.
 */
@Injectable()
export class RoomAccess {
  private readonly checks = new Map<string, RoomCheck>([['user', async (userId, roomId) => userId === roomId]]);

  register(kind: Exclude<RoomKind, 'user'>, check: RoomCheck): void {
    this.checks.set(kind, check);
  }

  async mayJoin(userId: number, room: unknown): Promise<boolean> {
    const parsed = parseRoom(room);
    if (!parsed) return false;
    const check = this.checks.get(parsed.kind);
    return check ? check(userId, parsed.id) : false;
  }
}
