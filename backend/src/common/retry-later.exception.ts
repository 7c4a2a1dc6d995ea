import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * 429 with a Retry-After header (whole seconds): a throttle said no for now. The exception filter
 * writes the header; the message says the same in words.
 */
export class RetryLaterException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
