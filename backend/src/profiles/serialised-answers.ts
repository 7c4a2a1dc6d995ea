import { CappedMap } from '../common/capped-map';

/**
 * Answers already serialised from one cached entry, per process (docs/scaling.md#profile-reads).
 * Every viewer of a player gets the same profile and first stats page from the same entry, save
 * for whether they own it and their time zone, so the JSON text built for one viewer is reused for
 * the next instead of parsing the entry, building the answer and stringifying it again (about a
 * fifth of a cached read's CPU in the reads bench). An answer is believed only while the entry
 * Redis answered is the very same text it was built from; a new entry (a new version of any
 * player it names) builds it again. The caller still reads Redis, so the entry's versions are
 * checked on every request as before.
 */
export class SerialisedAnswers<T> {
  private readonly answers: CappedMap<string, { entry: string; answer: T }>;

  /** `cap` answers at most (a profile's is a few KB): when full it starts over, so a flood of players or zones costs memory only up to the cap. */
  constructor(cap: number) {
    this.answers = new CappedMap(cap);
  }

  /** The answer built from `entry` for this player and `viewer` (own/other, zone), building it when the entry changed. */
  get(userId: number, viewer: string, entry: string, build: () => T): T {
    const key = `${userId} ${viewer}`;
    const known = this.answers.get(key);
    if (known && known.entry === entry) return known.answer;
    const answer = build();
    this.answers.set(key, { entry, answer });
    return answer;
  }
}
