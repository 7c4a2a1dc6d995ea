import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { IdCheckEntity } from './entities/id-check.entity';
import { IdCheckUploadEntity } from './entities/id-check-upload.entity';

/** Every statement on `id_check_uploads` (the pending photo) and `id_checks` (verdicts). */
@Injectable()
export class VerificationRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Drops the user's pending photo if it is older than `minutes` (its job is taken as lost). */
  async deleteStaleUpload(userId: number, minutes: number, m: EntityManager = this.db.manager): Promise<void> {
    await m.query(`DELETE FROM id_check_uploads WHERE user_id = $1 AND created_at < now() - ($2::int * interval '1 minute')`, [userId, minutes]);
  }

  /** Stores the photo unless one is already pending for the user; returns its id, or null. */
  async insertUpload(userId: number, bytes: Buffer, m: EntityManager = this.db.manager): Promise<number | null> {
    const rows: { id: number }[] = await m.query(
      `INSERT INTO id_check_uploads (user_id, bytes) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING RETURNING id`,
      [userId, bytes],
    );
    return rows[0]?.id ?? null;
  }

  findUploadWithBytes(uploadId: number, userId: number, m: EntityManager = this.db.manager): Promise<IdCheckUploadEntity | null> {
    return m
      .createQueryBuilder(IdCheckUploadEntity, 'u')
      .addSelect('u.bytes')
      .where('u.id = :id AND u.user_id = :userId', { id: uploadId, userId })
      .getOne();
  }

  /** True when this call removed it (so only one caller records the verdict). */
  async deleteUpload(uploadId: number, m: EntityManager = this.db.manager): Promise<boolean> {
    const result = await m.delete(IdCheckUploadEntity, { id: uploadId });
    return !!result.affected;
  }

  async deleteUploadsOf(userId: number, m: EntityManager = this.db.manager): Promise<void> {
    await m.delete(IdCheckUploadEntity, { userId });
  }

  async recordVerdict(verdict: { userId: number; uploadId: number; passed: boolean; reason: string | null }, m: EntityManager): Promise<void> {
    await m.insert(IdCheckEntity, verdict);
  }
}
