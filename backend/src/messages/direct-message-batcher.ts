import { Injectable } from '@nestjs/common';
import { MessagesRepository, type OutgoingMessage, type SendOutcome } from './messages.repository';

/** The most messages one statement stores (its arrays stay small; a busy instance sends several). */
export const MAX_BATCH = 200;

interface Waiting {
  message: OutgoingMessage;
  resolve: (outcome: SendOutcome | null) => void;
  reject: (err: unknown) => void;
}

/**
 * Gathers the direct messages this instance is asked to store within one turn of the event loop
 * and stores them with one statement (MessagesRepository.insertManyIfAllowed;
 * docs/social.md#messages): under load many sends finish their rate-limit check together, and
 * one round trip and one commit for all of them costs PostgreSQL and the API far less than one
 * each (bench/chat.bench.mjs). A lone message waits for nothing but the current turn. Each
 * caller's promise settles only after the statement committed (or failed: then every message of
 * that batch fails and none is stored).
 */
@Injectable()
export class DirectMessageBatcher {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly messages: MessagesRepository) {}

  store(message: OutgoingMessage): Promise<SendOutcome | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ message, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.waiting.splice(0, MAX_BATCH);
    if (this.waiting.length) this.schedule();
    this.messages.insertManyIfAllowed(batch.map((w) => w.message)).then(
      (outcomes) => batch.forEach((w, i) => w.resolve(outcomes[i])),
      (err) => batch.forEach((w) => w.reject(err)),
    );
  }
}
