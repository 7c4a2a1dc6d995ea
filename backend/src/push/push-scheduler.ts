import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { lobbyPath, MSG, pushForNotification, type NotificationEvent, type PushPayload } from '@gotnext/shared';
import type { DomainEvents } from '../events/domain-events';
import { OnDomainEvent } from '../events/event-bus';
import { InjectQueue } from '../jobs/jobs.module';
import { jobIds, QUEUES, type PushJob } from '../jobs/queues';
import { PushRepository } from './push.repository';
import { PushSender } from './push-sender';

/** A message preview on a lock screen stays short. */
const MESSAGE_PREVIEW = 120;

/**
 * Turns what happened into `push` jobs (docs/notifications.md#web-push): a stored notification of a
 * pushed type, a direct message, a match start. Runs after commit in whichever process recorded the
 * event; the job id comes from the source, so a replay enqueues nothing twice.
 */
@Injectable()
export class PushScheduler {
  constructor(
    @InjectQueue(QUEUES.push) private readonly queue: Queue<PushJob>,
    private readonly push: PushRepository,
    private readonly sender: PushSender,
  ) {}

  private async enqueue(userId: number, source: string, payload: PushPayload): Promise<void> {
    await this.queue.add('push', { userId, payload }, { jobId: jobIds.push(source) });
  }

  /** After the live push (order 1), which must not wait for this enqueue. */
  @OnDomainEvent('notification.created', { runsIn: ['api', 'worker'], order: 2 })
  async onNotification({ userId, notification }: { userId: number; notification: NotificationEvent }): Promise<void> {
    const push = pushForNotification(notification);
    if (!push) return;
    await this.enqueue(userId, `n-${notification.id}`, { type: push.type, title: 'GotNext', body: notification.message, url: push.url, tag: `n-${notification.id}` });
  }

  /** After the live `message:new` (order 1), which must not wait for this enqueue. */
  @OnDomainEvent('direct-message.sent', { runsIn: ['api', 'worker'], order: 2 })
  async onMessage({ senderId, recipientId, message, pushSender }: DomainEvents['direct-message.sent']): Promise<void> {
    // No device, no job: the handler would find nothing to send to (most recipients have none).
    // The message's insert read whether there is one, with the sender's name (messagePushSenderSql).
    if (!this.sender.enabled || pushSender === null) return;
    const body = message.message.length > MESSAGE_PREVIEW ? `${message.message.slice(0, MESSAGE_PREVIEW - 3)}...` : message.message;
    // One tag per conversation: a burst of messages replaces the previous one on the phone.
    await this.enqueue(recipientId, `m-${message.id}`, { type: 'message', title: MSG.pushMessageTitle(pushSender), body, url: `/chat/${senderId}`, tag: `chat-${senderId}` });
  }

  @OnDomainEvent('match.started', { runsIn: ['api', 'worker'] })
  async onMatchStarted({ matchId }: { matchId: number }): Promise<void> {
    for (const { user_id, match_type } of await this.push.matchPlayers(matchId)) {
      await this.enqueue(user_id, `start-${matchId}-${user_id}`, {
        type: 'match_start',
        title: MSG.pushMatchStartTitle,
        body: MSG.pushMatchStartBody(match_type),
        url: lobbyPath(matchId, match_type),
        tag: `match-${matchId}`,
      });
    }
  }
}
