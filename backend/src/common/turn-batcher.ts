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
 *
 * At most one call runs at a time (group commit): what arrives while one is on its way waits for
 * its answer and goes as the next batch. Under load the batches then grow with the round trip
 * instead of staying a turn's few sends, so a message costs a fraction of a statement, a commit
 * and a socket write (profiled: the pg writes alone were ~16 % of an API's CPU on the chat
 * bench). An idle instance answers as before: nothing is on its way, so a lone item still waits
 * only for the current turn.
 */
export class TurnBatcher<In, Out> {
  private waiting: Waiting<In, Out>[] = [];
  private scheduled = false;
  private running = false;

  constructor(private readonly handleMany: (items: readonly In[]) => Promise<Out[]>) {}

  add(item: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running || !this.waiting.length) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.waiting.splice(0, MAX_BATCH);
    this.running = true;
    const done = (): void => {
      this.running = false;
      this.schedule();
    };
    this.handleMany(batch.map((w) => w.item)).then(
      (outcomes) => {
        done();
        batch.forEach((w, i) => w.resolve(outcomes[i]));
      },
      (err) => {
        done();
        batch.forEach((w) => w.reject(err));
      },
    );
  }
}
