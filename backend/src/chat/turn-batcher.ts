/** The most items one call handles (its arrays stay small; a busy instance makes several). */
export const MAX_BATCH = 200;

interface Waiting<In, Out> {
  item: In;
  resolve: (outcome: Out) => void;
  reject: (err: unknown) => void;
}

/**
 * Gathers what this instance is asked to do within one turn of the event loop and hands it to one
 * call of `handleMany` (one statement, one script: docs/social.md#chat-building-blocks): under
 * load many sends arrive together, and one round trip for all of them costs PostgreSQL, Redis
 * and the API far less than one each (bench/chat.bench.mjs). A lone item waits for nothing but
 * the current turn. `handleMany` answers one outcome per item, in order; each caller's promise
 * settles only once that call did (when it fails, every item of the batch fails: a statement
 * then stored none of them). The chats extend it with their repository's batch statement
 * (DirectMessageBatcher, LeagueMessageBatcher); ChatRateLimiter takes a turn's sends with one
 * script.
 */
export class TurnBatcher<In, Out> {
  private waiting: Waiting<In, Out>[] = [];
  private scheduled = false;

  constructor(private readonly handleMany: (items: readonly In[]) => Promise<Out[]>) {}

  add(item: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
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
    this.handleMany(batch.map((w) => w.item)).then(
      (outcomes) => batch.forEach((w, i) => w.resolve(outcomes[i])),
      (err) => batch.forEach((w) => w.reject(err)),
    );
  }
}
