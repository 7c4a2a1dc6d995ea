import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { MSG, REVERIFY_FIELDS, type UpdateUserFields, type User } from '@gotnext/shared';
import { PasswordService } from '../passwords/password.service';
import { loginAccount, LoginAttempts } from '../throttle/login-attempts';
import { UnitOfWork } from '../database/unit-of-work';
import { reencodeImage, PROFILE_PHOTO_SIZE } from '../common/upload/image';
import { MediaRepository } from '../media/media.repository';
import { profilePictureKey, uploadsPath } from '../media/media-paths';
import type { UserEntity } from './entities/user.entity';
import { toUserView, preferencesOf } from './user.view';
import { UsersRepository } from './users.repository';

const COLUMN_OF: Record<Exclude<keyof UpdateUserFields, 'preferences'>, keyof UserEntity> = {
  first_name: 'firstName',
  last_name: 'lastName',
  state: 'state',
  date_of_birth: 'dateOfBirth',
  bio: 'bio',
  height: 'height',
  weight: 'weight',
};

/** Editing and deleting the own account (docs/accounts.md). */
@Injectable()
export class AccountService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly media: MediaRepository,
    private readonly passwords: PasswordService,
    private readonly attempts: LoginAttempts,
  ) {}

  /**
   * Applies a checked patch and an optional new photo in one transaction. Changing a field the ID
   * check compares (name, state/region, date of birth) clears id_verified: the old check no
   * longer vouches for the new values.
   */
  async update(userId: number, patch: UpdateUserFields, photo?: Buffer): Promise<User> {
    // Decode and re-encode before taking the row lock: it is the slow part and may refuse the file.
    const jpeg = photo ? await reencodeImage(photo, PROFILE_PHOTO_SIZE) : undefined;
    return this.uow.run(async (tx) => {
      const user = await this.users.lock(userId, tx.manager);
      if (!user || user.deletedAt) throw new NotFoundException({ message: 'User not found.' });
      let identityChanged = false;
      for (const [field, column] of Object.entries(COLUMN_OF) as [keyof typeof COLUMN_OF, keyof UserEntity][]) {
        if (!(field in patch)) continue;
        const next = patch[field] ?? null;
        if (user[column] === next) continue;
        if (REVERIFY_FIELDS.includes(field)) identityChanged = true;
        (user as unknown as Record<string, unknown>)[column] = next;
      }
      if (patch.preferences) user.preferences = { ...preferencesOf(user), ...patch.preferences };
      if (identityChanged) user.idVerified = false;
      if (jpeg) {
        const key = profilePictureKey(userId);
        await this.media.put(key, 'image/jpeg', jpeg, tx.manager);
        user.profilePicture = uploadsPath(key);
        user.profilePictureVersion += 1;
      }
      const view = toUserView(await this.users.save(user, tx.manager));
      // A cleared ID check or a new region changes which leaderboards list the player.
      tx.emit('player.changed', { userIds: [userId] });
      return view;
    });
  }

  /**
   * Soft delete, once the password is confirmed: the row stays (username and e-mail stay
   * reserved) and the profile picture goes with it; once committed, every session and open socket
   * ends, a pending ID photo is dropped and the leaderboards let the player go. A wrong password
   * counts as a failed login of the account from `address` (docs/accounts.md#throttling), so a
   * stolen token cannot be used to guess the password here.
   */
  async delete(userId: number, password: string | undefined, address: string): Promise<void> {
    if (!password) throw new BadRequestException({ message: MSG.passwordRequired });
    // The caller is logged in: the address's spraying elsewhere is not theirs (docs/accounts.md#throttling).
    const attempt = await this.attempts.beginOrRefuse(loginAccount.user(userId), address, { reauthentication: true });
    if (!(await this.passwords.verify(await this.users.passwordHashOf(userId), password))) {
      throw new ForbiddenException({ message: MSG.deletePasswordWrong });
    }
    await attempt.succeeded();
    const deleted = await this.uow.run(async (tx) => {
      if (!(await this.users.softDelete(userId, tx.manager))) return false;
      // The picture leaves with the player: nobody should keep serving a deleted account's face.
      await this.media.remove(profilePictureKey(userId), tx.manager);
      tx.emit('account.deleted', { userId });
      tx.emit('player.changed', { userIds: [userId] });
      return true;
    });
    if (!deleted) throw new NotFoundException({ message: 'User not found.' });
  }
}
