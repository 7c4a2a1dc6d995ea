import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { EmailTokenEntity, EmailTokenPurpose } from './entities/email-token.entity';

/** Every statement on `email_tokens`. Only hashes are stored. */
@Injectable()
export class EmailTokensRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Drops the user's unused tokens of this purpose and stores the new one; returns its id. */
  async replace(userId: number, purpose: EmailTokenPurpose, tokenHash: string, expiresAt: Date, m: EntityManager): Promise<number> {
    await m.delete(EmailTokenEntity, { userId, purpose, usedAt: IsNull() });
    const row = await m.save(EmailTokenEntity, m.create(EmailTokenEntity, { userId, purpose, tokenHash, expiresAt }));
    return row.id;
  }

  /** Marks a live token used; returns its user, or null when unknown, used or expired. */
  async consume(tokenHash: string, purpose: EmailTokenPurpose, m: EntityManager = this.db.manager): Promise<number | null> {
    const rows: { user_id: number }[] = await m.query(
      `UPDATE email_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [tokenHash, purpose],
    );
    // TypeORM returns [rows, count] for UPDATE ... RETURNING on postgres.
    const list = Array.isArray(rows[0]) ? (rows[0] as unknown as { user_id: number }[]) : rows;
    return list.length ? list[0].user_id : null;
  }

  /** Whether a known token (used or expired alike) belongs to an account whose e-mail is verified. */
  async ownerVerified(tokenHash: string, purpose: EmailTokenPurpose, m: EntityManager = this.db.manager): Promise<boolean> {
    const rows: { ok: boolean }[] = await m.query(
      `SELECT u.email_verified AS ok FROM email_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.purpose = $2 AND u.deleted_at IS NULL`,
      [tokenHash, purpose],
    );
    return rows[0]?.ok === true;
  }
}
