import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { MSG, type BlockedUser } from '@gotnext/shared';
import { UsersRepository } from '../users/users.repository';
import { BlocksRepository } from './blocks.repository';

interface Target {
  userId?: number;
  username?: string;
}

/** Blocking (docs/identity-rules.md). Blocks are stored one way and read both ways. */
@Injectable()
export class BlocksService {
  constructor(
    private readonly blocks: BlocksRepository,
    private readonly users: UsersRepository,
  ) {}

  /** The live player a username or id names, or 404. */
  private async find(target: Target): Promise<number> {
    const id = await this.users.findActiveId({ username: target.username?.trim() || undefined, userId: target.userId });
    if (id === null) throw new NotFoundException({ message: MSG.playerNotFound });
    return id;
  }

  async block(actorId: number, username: string): Promise<void> {
    if (!username.trim()) throw new BadRequestException({ message: MSG.blockUsernameRequired });
    const targetId = await this.find({ username });
    if (targetId === actorId) throw new BadRequestException({ message: MSG.cannotBlockSelf });
    await this.blocks.insert(actorId, targetId);
  }

  /** Removes the actor's own block only: a block the other player placed stays theirs. */
  async unblock(actorId: number, target: Target): Promise<void> {
    if (target.userId === undefined && !target.username?.trim()) throw new BadRequestException({ message: MSG.blockUsernameRequired });
    await this.blocks.remove(actorId, await this.find(target));
  }

  /** The players the actor blocked (deleted accounts left out), by name. */
  list(actorId: number): Promise<BlockedUser[]> {
    return this.blocks.blockedBy(actorId);
  }
}
