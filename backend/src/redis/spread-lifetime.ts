/**
 * A cached entry lives between 80 % and 100 % of its cache's lifetime, at random, so entries
 * filled in the same second (a cold cache after a deploy or a Redis restart) do not all expire in
 * the same second and send their fills to PostgreSQL together (docs/scaling.md#cached-reads).
 * Used by the versioned caches (profiles, match details) and the session cache.
 */
export const spreadLifetime = (seconds: number, random: () => number = Math.random): number => Math.max(1, seconds - Math.floor(random() * seconds * 0.2));
