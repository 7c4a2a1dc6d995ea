/**
 * A per-process memo that starts over when full (verified tokens, formatted local times, answers
 * already serialised): a flood of distinct keys costs memory only up to `cap`, and the keys that
 * matter, read again and again, are back after one miss each. Cheaper than an LRU, whose
 * bookkeeping on every read is what these memos exist to save.
 */
export class CappedMap<K, V> extends Map<K, V> {
  constructor(private readonly cap: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.cap && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
