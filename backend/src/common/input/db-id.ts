import { createParamDecorator, NotFoundException, type ExecutionContext } from '@nestjs/common';
import { ValidateBy, type ValidationOptions } from 'class-validator';
import { isDbId, parseDbId } from '@gotnext/shared';

/**
 * An id field of a body: a positive integer within PostgreSQL's integer (isDbId, libs/shared), so
 * an id like 2^31 is refused with the field's own message instead of failing in a query. Every
 * DTO id field uses it (docs/api.md#input-refused-at-the-edge).
 */
export function IsDbId(message: string, options: ValidationOptions = {}): PropertyDecorator {
  return ValidateBy({ name: 'isDbId', validator: { validate: (value) => isDbId(value), defaultMessage: () => message } }, { ...options, message });
}

/**
 * An id path parameter, read from the raw path ("42"; the global pipe would coerce "1e3" or
 * "0x10" into numbers): anything else, including an id beyond 2^31−1, names nothing: 404 with
 * `message`.
 */
export const DbIdParam = createParamDecorator((arg: { name: string; message: string }, ctx: ExecutionContext): number => {
  const id = parseDbId(ctx.switchToHttp().getRequest<{ params: Record<string, unknown> }>().params[arg.name]);
  if (id === null) throw new NotFoundException({ message: arg.message });
  return id;
});
