/** The most items one statement stores (its arrays stay small; a busy instance sends several). */
export const MAX_BATCH = 200;

interface Waiting<In, Out> {
  item: In;
  resolve: (outcome: Out) => void;
  reject: (err: unknown) => void;
}

/**
 * Gathers what this instance is asked to store within one turn of the event loop and stores it
 * with one call of `storeMany` (one statement: docs/social.md#chat-building-blocks): under load
 * many sends finish their rate-limit check together, and one round trip and one commit for all
 * of them costs PostgreSQL and the API far less than one each (bench/chat.bench.mjs). A lone item
 * waits for nothing but the current turn. `storeMany` answers one outcome per item, in order;
 * each caller's promise settles only after it committed (or failed: then every item of that
 * batch fails and none is stored). A chat extends it with its repository's batch statement
 * (DirectMessageBatcher, LeagueMessageBatcher).
 */
export class TurnBatcher<In, Out> {
  private waiting: Waiting<In, Out>[] = [];
  private scheduled = false;

  constructor(private readonly storeMany: (items: readonly In[]) => Promise<Out[]>) {}

  store(item: In): Promise<Out> {
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
    this.storeMany(batch.map((w) => w.item)).then(
      (outcomes) => batch.forEach((w, i) => w.resolve(outcomes[i])),
      (err) => batch.forEach((w) => w.reject(err)),
    );
  }
}
