import { HttpException } from '@nestjs/common';

/**
 * A refusal that also names what the player can use instead (a duplicate court's 409 offers the
 * court already there): `{ message, ...details }`. Details are wire data the caller may see.
 */
export class RefusalWithDetails extends HttpException {
  constructor(
    status: number,
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super({ message }, status);
  }
}
