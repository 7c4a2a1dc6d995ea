/** A failed call. `message` is what the player reads: the server's text or the caller's fallback. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The server's `message` field, when it sent one. */
    readonly serverMessage?: string,
    /** The raw response body, for the few calls whose errors may come as plain text. */
    readonly bodyText?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The text to show for any thrown value: ApiError messages are already user-facing. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.message : fallback;
}

/** errorMessage for a query's or mutation's `error`, which is null while there is none. */
export function errorText(err: unknown, fallback: string): string | null {
  return err ? errorMessage(err, fallback) : null;
}

/**
 * Whether a read failed only because the server could not be reached (the phone is offline, or
 * the network dropped). A live screen that has data keeps showing it then, marked possibly stale
 * by the connection strip, instead of replacing itself with the error (docs/realtime.md#offline).
 */
export function isUnreachable(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}
