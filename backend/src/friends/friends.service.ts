import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { MSG, NOTIFICATION_TYPES, type FriendsResponse, type FriendStatusResponse } from '@gotnext/shared';
import { UnitOfWork, type Tx } from '../database/unit-of-work';
import { Notifier } from '../notifications/notifier';
import { PresenceStore } from '../presence/presence.store';
import { UsersRepository } from '../users/users.repository';
import { FriendsRepository, type PlayerRelation } from './friends.repository';

/**
 * Friend requests and friendships (docs/social.md#friends). Every change to a pair runs under the
 * pair's lock, so a double click or two players asking each other at once end in one request or
 * one friendship; the unique indexes stand behind it.
 */
@Injectable()
export class FriendsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly friends: FriendsRepository,
    private readonly notifier: Notifier,
    private readonly presence: PresenceStore,
    private readonly users: UsersRepository,
  ) {}

  async list(userId: number): Promise<FriendsResponse> {
    const [friends, friendRequests] = await Promise.all([this.friends.friendsOf(userId), this.friends.requestsTo(userId)]);
    const online = await this.presence.onlineAmong(friends.map((f) => f.user_id));
    return { friends: friends.map((f) => ({ ...f, online: online.has(f.user_id) })), friendRequests };
  }

  async status(viewerId: number, userId: number): Promise<FriendStatusResponse> {
    if (viewerId === userId) return { status: 'self', request_id: null };
    const rel = await this.friends.relation(viewerId, userId);
    if (!rel) return { status: 'unknown', request_id: null };
    if (rel.friends) return { status: 'friends', request_id: null };
    if (rel.request) return { status: rel.request.senderId === viewerId ? 'request_sent' : 'request_received', request_id: rel.request.id };
    return { status: 'not_friends', request_id: null };
  }

  /** Sends a request; if the other player's request to the caller is pending, they become friends instead. */
  async request(actorId: number, userId: number): Promise<string> {
    if (actorId === userId) throw new BadRequestException({ message: MSG.cannotFriendSelf });
    return this.uow.run(async (tx) => {
      await this.friends.lockPair(actorId, userId, tx.manager);
      const rel = await this.mustRelate(tx, actorId, userId);
      if (rel.friends) throw new ConflictException({ message: MSG.alreadyFriends });
      if (rel.request?.senderId === actorId) throw new ConflictException({ message: MSG.friendRequestAlreadySent });
      const { username } = await this.users.getActive(actorId, tx.manager);
      if (rel.request) {
        await this.befriend(tx, rel.request.id, actorId, userId, username);
        return MSG.nowFriends;
      }
      const requestId = await this.friends.insertRequest(actorId, userId, tx.manager);
      await this.notifier.notify(tx, [{ userId, type: NOTIFICATION_TYPES.friendRequest, message: MSG.friendRequestNotice(username), relatedId: requestId }]);
      tx.emit('friends.changed', { userIds: [actorId, userId] });
      return MSG.friendRequestSent;
    });
  }

  async accept(actorId: number, requestId: number): Promise<void> {
    await this.uow.run(async (tx) => {
      const request = await this.lockedRequestTo(tx, actorId, requestId);
      const rel = await this.mustRelate(tx, actorId, request.senderId);
      if (rel.friends) {
        // Friends already (a crossing request won the race): the request only has to go.
        await this.friends.deleteRequest(request.id, tx.manager);
        tx.emit('friends.changed', { userIds: [actorId, request.senderId] });
        return;
      }
      const { username } = await this.users.getActive(actorId, tx.manager);
      await this.befriend(tx, request.id, actorId, request.senderId, username);
    });
  }

  async decline(actorId: number, requestId: number): Promise<void> {
    await this.uow.run(async (tx) => {
      const request = await this.lockedRequestTo(tx, actorId, requestId);
      await this.friends.deleteRequest(request.id, tx.manager);
      tx.emit('friends.changed', { userIds: [actorId, request.senderId] });
    });
  }

  /** Ends the friendship for both, or withdraws the request the caller sent. */
  async remove(actorId: number, userId: number): Promise<void> {
    await this.uow.run(async (tx) => {
      await this.friends.lockPair(actorId, userId, tx.manager);
      const ended = await this.friends.deleteFriendship(actorId, userId, tx.manager);
      const withdrawn = await this.friends.deleteRequestFrom(actorId, userId, tx.manager);
      if (!ended && !withdrawn) throw new NotFoundException({ message: MSG.notFriends });
      tx.emit('friends.changed', { userIds: [actorId, userId] });
    });
  }

  /** The live player, with no block either way, or the refusal. */
  private async mustRelate(tx: Tx, actorId: number, userId: number): Promise<PlayerRelation> {
    const rel = await this.friends.relation(actorId, userId, tx.manager);
    if (!rel) throw new NotFoundException({ message: MSG.playerNotFound });
    if (rel.iBlocked || rel.theyBlocked) throw new ForbiddenException({ message: MSG.friendRequestRefused });
    return rel;
  }

  /** A request the caller received, under the pair's lock; somebody else's id answers like a missing one. */
  private async lockedRequestTo(tx: Tx, actorId: number, requestId: number) {
    const seen = await this.friends.findRequest(requestId, tx.manager);
    if (!seen || seen.recipientId !== actorId) throw new NotFoundException({ message: MSG.friendRequestNotFound });
    await this.friends.lockPair(actorId, seen.senderId, tx.manager);
    const request = await this.friends.findRequest(requestId, tx.manager); // may have gone while we waited
    if (!request) throw new NotFoundException({ message: MSG.friendRequestNotFound });
    return request;
  }

  /** `accepterId` accepts request `requestId` from `senderId`: friends, the request gone, the sender told. */
  private async befriend(tx: Tx, requestId: number, accepterId: number, senderId: number, accepterName: string): Promise<void> {
    await this.friends.deleteRequest(requestId, tx.manager);
    await this.friends.insertFriendship(accepterId, senderId, tx.manager);
    await this.notifier.notify(tx, [{ userId: senderId, type: NOTIFICATION_TYPES.friendRequestAccepted, message: MSG.friendAcceptedNotice(accepterName), relatedId: accepterId }]);
    tx.emit('friends.changed', { userIds: [accepterId, senderId] });
  }
}
