import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { normalizeUsername } from '@gotnext/shared';
import { PreparedRepository } from '../database/prepared.repository';
import { UserEntity } from './entities/user.entity';

/**
 * UserEntity's columns under its property names, as its `find` selects them (not `password_hash`,
 * which is `select: false`); the date of birth as its 'YYYY-MM-DD' text, which is what TypeORM
 * makes of a `date` column. test/users-read.int-spec.ts compares it with TypeORM's own read.
 */
const USER_ENTITY_COLUMNS = `id, username, email, first_name AS "firstName", last_name AS "lastName", phone_number AS "phoneNumber",
  to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth", height, weight, state, bio, email_verified AS "emailVerified",
  id_verified AS "idVerified", profile_picture AS "profilePicture", profile_picture_version AS "profilePictureVersion",
  preferences, created_at AS "createdAt", updated_at AS "updatedAt", deleted_at AS "deletedAt"`;

export type NewUser = Pick<
  UserEntity,
  'username' | 'email' | 'firstName' | 'lastName' | 'phoneNumber' | 'dateOfBirth' | 'height' | 'weight' | 'state' | 'bio' | 'passwordHash' | 'preferences'
>;

/**
 * Every statement on `users`. Other features call these methods; none writes the table itself.
 * The last argument of each method is the EntityManager to run on: a unit of work's `tx.manager`
 * inside a transaction, or nothing to run on its own.
 */
@Injectable()
export class UsersRepository extends PreparedRepository {
  /**
   * A live (not deleted) account, or null: the row as TypeORM would hydrate it, read as a prepared
   * statement (`hotRead`). It is every page's boot call (`GET /api/user`), and TypeORM's findOne
   * built its SQL and mapped the row on each call: ~270 µs of API CPU per request against ~30 µs
   * for `/api/health` (bench/health.bench.mjs; docs/architecture.md#per-request-cost). A plain
   * object, not an entity instance: callers read it and never save it.
   */
  async findActive(id: number, m?: EntityManager): Promise<UserEntity | null> {
    const [user] = await this.hotRead<UserEntity>(m, 'users.find-active', `SELECT ${USER_ENTITY_COLUMNS} FROM users WHERE id = $1 AND deleted_at IS NULL`, [id]);
    return user ?? null;
  }

  /** A live account, or 404. */
  async getActive(id: number, m?: EntityManager): Promise<UserEntity> {
    const user = await this.findActive(id, m);
    if (!user) throw new NotFoundException({ message: 'User not found.' });
    return user;
  }

  /** Any account, deleted ones included (callers check `deletedAt`). */
  findById(id: number, m: EntityManager = this.db.manager): Promise<UserEntity | null> {
    return m.findOne(UserEntity, { where: { id } });
  }

  /** Takes the row lock for the rest of the transaction. */
  lock(id: number, m: EntityManager): Promise<UserEntity | null> {
    return m.findOne(UserEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * Login accepts a username or an e-mail, case-insensitively; deleted accounts are not found.
   * Usernames compare in their normalised form (NFKC, as stored; docs/accounts.md#usernames).
   */
  findForLogin(identifier: string, m: EntityManager = this.db.manager): Promise<(UserEntity & { passwordHash: string }) | null> {
    return m
      .createQueryBuilder(UserEntity, 'u')
      .addSelect('u.passwordHash')
      .where('(lower(normalize(u.username, NFKC)) = lower(:name) OR lower(u.email) = lower(:email))', { name: normalizeUsername(identifier), email: identifier.trim() })
      .andWhere('u.deletedAt IS NULL')
      .getOne();
  }

  /** The stored hash of a live account's password (to ask for it again), or null. */
  async passwordHashOf(id: number, m: EntityManager = this.db.manager): Promise<string | null> {
    const rows: { password_hash: string }[] = await m.query(`SELECT password_hash FROM users WHERE id = $1 AND deleted_at IS NULL`, [id]);
    return rows[0]?.password_hash ?? null;
  }

  findActiveByEmail(email: string, m: EntityManager = this.db.manager): Promise<UserEntity | null> {
    return m.createQueryBuilder(UserEntity, 'u').where('lower(u.email) = lower(:email)', { email: email.trim() }).andWhere('u.deletedAt IS NULL').getOne();
  }

  /** The id of the live account with this username (normalised, case-insensitive) or id, or null. */
  async findActiveId(target: { username?: string; userId?: number }, m: EntityManager = this.db.manager): Promise<number | null> {
    const rows: { id: number }[] = target.username
      ? await m.query(`SELECT id FROM users WHERE lower(normalize(username, NFKC)) = lower($1) AND deleted_at IS NULL`, [normalizeUsername(target.username)])
      : await m.query(`SELECT id FROM users WHERE id = $1 AND deleted_at IS NULL`, [target.userId]);
    return rows[0]?.id ?? null;
  }

  /** Which of a username and an e-mail are taken (deleted accounts keep theirs), case-insensitively, usernames normalised. */
  async taken(username: string, email: string, m: EntityManager = this.db.manager): Promise<{ username: boolean; email: boolean }> {
    const rows: { username: boolean; email: boolean }[] = await m.query(
      `SELECT lower(normalize(username, NFKC)) = lower($1) AS username, lower(email) = lower($2) AS email FROM users
        WHERE lower(normalize(username, NFKC)) = lower($1) OR lower(email) = lower($2)`,
      [normalizeUsername(username), email],
    );
    return { username: rows.some((r) => r.username), email: rows.some((r) => r.email) };
  }

  /** Inserts an account; the unique indexes on the normalised lower-case username and lower(email) have the last word. */
  create(user: NewUser, m: EntityManager = this.db.manager): Promise<UserEntity> {
    return m.save(UserEntity, m.create(UserEntity, user));
  }

  save(user: UserEntity, m: EntityManager): Promise<UserEntity> {
    return m.save(user);
  }

  /** Verified = e-mail and ID both verified, on a live account. */
  async isVerified(id: number, m: EntityManager = this.db.manager): Promise<boolean> {
    const rows: { ok: boolean }[] = await m.query(`SELECT (email_verified AND id_verified) AS ok FROM users WHERE id = $1 AND deleted_at IS NULL`, [id]);
    return rows[0]?.ok === true;
  }

  async markEmailVerified(id: number, m: EntityManager): Promise<void> {
    await m.update(UserEntity, { id }, { emailVerified: true });
  }

  async markIdVerified(id: number, m: EntityManager): Promise<void> {
    await m.update(UserEntity, { id }, { idVerified: true });
  }

  async setPasswordHash(id: number, passwordHash: string, m: EntityManager): Promise<void> {
    await m.update(UserEntity, { id }, { passwordHash });
  }

  /** Soft delete: the row stays (username and e-mail stay reserved), the picture link goes. False when already gone. */
  async softDelete(id: number, m: EntityManager): Promise<boolean> {
    const result = await m
      .createQueryBuilder()
      .update(UserEntity)
      .set({ deletedAt: () => 'now()', profilePicture: null })
      .where('id = :id AND deleted_at IS NULL', { id })
      .execute();
    return !!result.affected;
  }
}
