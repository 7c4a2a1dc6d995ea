import { Inject, Injectable } from '@nestjs/common';
import webpush, { WebPushError } from 'web-push';
import { APP_CONFIG, AppConfig } from '../config/env';

export type PushOutcome = 'sent' | 'gone' | 'failed';

/** web-push with this server's VAPID keys (docs/notifications.md#web-push). */
@Injectable()
export class PushSender {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return Boolean(this.config.VAPID_PUBLIC_KEY && this.config.VAPID_PRIVATE_KEY);
  }

  get publicKey(): string | null {
    return this.enabled ? this.config.VAPID_PUBLIC_KEY! : null;
  }

  /**
   * Encrypts and posts one payload to one device. 'gone' when the push service says the
   * subscription no longer exists (404, 410): the caller forgets it.
   */
  async send(sub: { endpoint: string; p256dh: string; auth: string }, payload: string): Promise<PushOutcome> {
    try {
      await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
        vapidDetails: { subject: this.config.VAPID_SUBJECT, publicKey: this.config.VAPID_PUBLIC_KEY!, privateKey: this.config.VAPID_PRIVATE_KEY! },
        // A push about a match or a message is stale after a day.
        TTL: 24 * 3600,
        timeout: 10_000,
      });
      return 'sent';
    } catch (err) {
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone';
      return 'failed';
    }
  }
}
