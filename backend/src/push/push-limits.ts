/**
 * What one account may cost the push queue (docs/notifications.md#push-budget): a bounded set of
 * devices, each send cut off early and all of them at once, and a device that keeps failing forgotten.
 */
export const PUSH_MAX_DEVICES_PER_ACCOUNT = 10;
/** A push service answers in well under a second; one that takes longer is treated as failed. */
export const PUSH_SEND_TIMEOUT_MS = 3000;
/** Consecutive failed sends (a push's first attempts: about 6 s of retries) before a device is forgotten. */
export const PUSH_DROP_AFTER_FAILURES = 3;
