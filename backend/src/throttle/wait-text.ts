/** A wait in words for a 429 message: '45 seconds', '1 minute', '15 minutes', '3 hours' (rounded up; hours past two). */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes > 120) return `${Math.ceil(minutes / 60)} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
