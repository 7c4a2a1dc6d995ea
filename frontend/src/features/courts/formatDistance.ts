/** A distance as a player reads it: metres under a kilometre, else kilometres with one decimal. */
export function formatDistance(m: number): string {
  return m < 1000 ? `${m} m` : `${(m / 1000).toFixed(1)} km`;
}
