import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { MSG } from '@gotnext/shared';

function firstMessage(errors: ValidationError[]): string {
  for (const e of errors) {
    if (e.constraints?.whitelistValidation) return MSG.unknownField(e.property);
    const own = Object.values(e.constraints ?? {})[0];
    if (own) return own;
    if (e.children?.length) return firstMessage(e.children);
  }
  return 'Invalid request.';
}

/** Shapes bodies into DTOs, refuses unknown fields, and reports the first problem as `{ message }`. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException({ message: firstMessage(errors) }),
  });
}
