/** Ratings are shown with 3 decimals (docs/rating.md); the API may send them as numeric strings. */
export function formatRating(rating: number | string | null | undefined): string {
  const n = typeof rating === 'string' ? Number(rating) : rating;
  return typeof n === 'number' && Number.isFinite(n) ? n.toFixed(3) : 'N/A';
}
