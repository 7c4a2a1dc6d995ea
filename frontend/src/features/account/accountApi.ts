import { MSG, PROFILE_PHOTO_FIELD, ROUTES, type UpdateUserFields, type UpdateUserForm, type User } from '@gotnext/shared';
import { call } from '../../api/client';

/** PUT /api/update-user as multipart: the text fields, preferences as JSON text, the photo when one was picked. */
export async function updateAccount(fields: UpdateUserFields, photo: File | null): Promise<User> {
  const { preferences, ...text } = fields;
  const form: UpdateUserForm = { ...text, preferences: preferences === undefined ? undefined : JSON.stringify(preferences) };
  if (photo) form[PROFILE_PHOTO_FIELD] = photo;
  const res = await call(ROUTES.updateUser, { body: form, fallback: MSG.updateFailed });
  return res.user;
}

/** DELETE /api/delete-account with the password asked again (docs/accounts.md#deletion). */
export const deleteAccount = (password: string) => call(ROUTES.deleteAccount, { body: { password }, fallback: MSG.deleteFailed });
