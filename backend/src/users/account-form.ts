import { BadRequestException } from '@nestjs/common';
import { MSG, validateAccountUpdate, type UpdateUserFields } from '@gotnext/shared';

const TEXT_FIELDS = ['first_name', 'last_name', 'state', 'date_of_birth', 'bio'] as const;

/**
 * Turns the update-user form (multipart text fields, or a JSON body) into a checked patch.
 * Multipart carries only text, so `preferences` arrives as JSON text and an empty height or weight
 * means "none".
 */
export function accountPatchFrom(raw: Record<string, unknown>): UpdateUserFields {
  const input: Record<string, unknown> = { ...raw };
  if (typeof input.preferences === 'string') {
    try {
      input.preferences = JSON.parse(input.preferences);
    } catch {
      throw new BadRequestException({ message: MSG.preferencesInvalid });
    }
  }
  for (const key of ['height', 'weight'] as const) {
    if (typeof input[key] === 'string' && (input[key] as string).trim() === '') input[key] = null;
  }
  const problem = validateAccountUpdate(input);
  if (problem) throw new BadRequestException({ message: problem });
  const patch: UpdateUserFields = {};
  for (const key of TEXT_FIELDS) if (key in input) patch[key] = String(input[key]).trim();
  if ('height' in input) patch.height = input.height === null ? null : String(input.height).trim().replace(/"$/, '');
  if ('weight' in input) patch.weight = input.weight === null ? null : String(input.weight).trim();
  if ('preferences' in input) patch.preferences = input.preferences as UpdateUserFields['preferences'];
  return patch;
}
