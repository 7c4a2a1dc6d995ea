import { Inject, Injectable } from '@nestjs/common';
import { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import { APP_CONFIG, AppConfig } from '../config/env';
import { pushEndpointKind, pushTestHosts, type PushEndpointKind } from './push-endpoint';
import { publicOnlyLookup } from './public-address';
import { PUSH_SEND_TIMEOUT_MS } from './push-limits';

/** 'refused': the endpoint is not a push service this server connects to; the caller forgets it. */
export type PushOutcome = 'sent' | 'gone' | 'failed' | 'refused';

/** web-push with this server's VAPID keys (docs/notifications.md#web-push). */
@Injectable()
export class PushSender {
  private readonly testHosts: string[];
  /** Connects only to public addresses, checked on the addresses the socket then uses (docs/notifications.md#push-services-only). */
  private readonly publicAgent = new Agent({ lookup: publicOnlyLookup, keepAlive: true });

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.testHosts = pushTestHosts(config.PUSH_TEST_HOSTS);
  }

  get enabled(): boolean {
    return Boolean(this.config.VAPID_PUBLIC_KEY && this.config.VAPID_PRIVATE_KEY);
  }

  get publicKey(): string | null {
    return this.enabled ? this.config.VAPID_PUBLIC_KEY! : null;
  }

  /** The same rule at registration and before every connection. */
  endpointKind(endpoint: string): PushEndpointKind {
    return pushEndpointKind(endpoint, this.testHosts);
  }

  /**
   * Encrypts and posts one payload to one device. 'gone' when the push service says the
   * subscription no longer exists (404, 410): the caller forgets it. web-push follows no
   * redirect: a 3xx is a failure like any other answer but 201.
   */
  async send(sub: { endpoint: string; p256dh: string; auth: string }, payload: string): Promise<PushOutcome> {
    const kind = this.endpointKind(sub.endpoint);
    if (!kind) return 'refused';
    let timer: NodeJS.Timeout | undefined;
    // web-push's own timeout is the socket's idle time; this one bounds the whole send.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('push service too slow')), PUSH_SEND_TIMEOUT_MS);
    });
    try {
      await Promise.race([
        deadline,
        webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
          vapidDetails: { subject: this.config.VAPID_SUBJECT, publicKey: this.config.VAPID_PUBLIC_KEY!, privateKey: this.config.VAPID_PRIVATE_KEY! },
          // A push about a match or a message is stale after a day.
          TTL: 24 * 3600,
          timeout: PUSH_SEND_TIMEOUT_MS,
          // A test host is trusted as it resolves, through the default agent (its test certificate).
          ...(kind === 'public' ? { agent: this.publicAgent } : {}),
        }),
      ]);
      return 'sent';
    } catch (err) {
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone';
      return 'failed';
    } finally {
      clearTimeout(timer);
    }
  }
}
