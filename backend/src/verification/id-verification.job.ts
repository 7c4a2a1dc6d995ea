/**
 * The `id-verification` job: only ids. The photo stays in id_check_uploads, so it never enters
 * Redis, the failed-job set or a log line.
 */
export interface IdVerificationJob {
  uploadId: number;
  userId: number;
}

/** One job per upload: submitting the same upload twice queues it once. */
export const idVerificationJobId = (uploadId: number) => `id-check-${uploadId}`;

/** OCR failures are rarely fixed by retrying many times; three tries, then the player is told. */
export const ID_VERIFICATION_ATTEMPTS = 3;
