import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { REVERIFY_FIELDS, type UpdateUserFields, type User } from '@gotnext/shared';
import { UserEntity } from './entities/user.entity';
import { toUserView, preferencesOf } from './user.view';
import { MediaService, profilePictureKey, uploadsPath } from '../media/media.service';
import { reencodeImage, PROFILE_PHOTO_SIZE } from '../common/upload/image';
import { SessionsService } from '../auth/sessions.service';
import { PlayerStandingService } from '../ratings/player-standing.service';

const COLUMN_OF: Record<Exclude<keyof UpdateUserFields, 'preferences'>, keyof UserEntity> = {
  first_name: 'firstName',
  last_name: 'lastName',
  state: 'state',
  date_of_birth: 'dateOfBirth',
  bio: 'bio',
  height: 'height',
  weight: 'weight',
};

/** Editing and deleting the own account (core §2 Account, Delete account; RULES.md Identity). */
@Injectable()
export class AccountService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly media: MediaService,
    private readonly sessions: SessionsService,
    private readonly standing: PlayerStandingService,
  ) {}

  /**
   * Applies a checked patch and an optional new photo in one transaction. Changing a field the ID
   * check compares (name, state/region, date of birth) clears id_verified: the old check no
   * longer vouches for the new values.
   */
  async update(userId: number, patch: UpdateUserFields, photo?: Buffer): Promise<User> {
    // Decode and re-encode before taking the row lock: it is the slow part and may refuse the file.
    const jpeg = photo ? await reencodeImage(photo, PROFILE_PHOTO_SIZE) : undefined;
    const view = await this.db.transaction(async (m) => {
      const user = await m.findOne(UserEntity, { where: { id: userId }, lock: { mode: 'pessimistic_write' } });
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
        await this.media.put(m, key, 'image/jpeg', jpeg);
        user.profilePicture = uploadsPath(key);
        user.profilePictureVersion += 1;
      }
      return toUserView(await m.save(user));
    });
    // A cleared ID check or a new region changes which leaderboards list the player.
    await this.standing.refresh(userId);
    return view;
  }

  /**
   * Soft delete (RULES.md): the row stays (username and e-mail stay reserved), a pending ID photo
   * and the profile picture are dropped, and every session and open socket ends at once.
   */
  async delete(userId: number): Promise<void> {
    const deleted = await this.db.transaction(async (m) => {
      const result = await m
        .createQueryBuilder()
        .update(UserEntity)
        .set({ deletedAt: () => 'now()' })
        .where('id = :userId AND deleted_at IS NULL', { userId })
        .execute();
      if (!result.affected) return false;
      await m.query(`DELETE FROM id_check_uploads WHERE user_id = $1`, [userId]);
      // The picture leaves with the player: nobody should keep serving a deleted account's face.
      await m.query(`DELETE FROM media WHERE key = $1`, [profilePictureKey(userId)]);
      await m.update(UserEntity, { id: userId }, { profilePicture: null });
      return true;
    });
    if (!deleted) throw new NotFoundException({ message: 'User not found.' });
    await this.sessions.revokeAll(userId, 'account_deleted');
    await this.standing.refresh(userId);
  }
}
