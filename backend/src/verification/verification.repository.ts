import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { IdDocumentType, IdShot } from '@gotnext/shared';
import { IdCheckEntity } from './entities/id-check.entity';
import { IdCheckUploadEntity } from './entities/id-check-upload.entity';
import { closestFace, faceTemplate } from './vision/face-template';

export type PhotoShot = 'front' | 'back' | 'selfie' | 'selfie_turned';

/** A pending check with its photos, as the worker reads it. */
export interface PendingCheck {
  id: number;
  documentType: IdDocumentType | 'legacy';
  photos: Partial<Record<PhotoShot, Buffer>>;
}

export interface VerdictRow {
  userId: number;
  uploadId: number;
  passed: boolean;
  reason: string | null;
  retake: IdShot[];
  documentHash: string | null;
}

/** What an identity flag found on another account: the same document, or the same face. */
export type FlagKind = 'document' | 'face';

export interface FlagRow {
  id: number;
  created_at: Date;
  kind: FlagKind;
  user_id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  deleted: boolean;
  verified_user_id: number;
  verified_username: string;
  verified_email: string;
  verified_first_name: string;
  verified_last_name: string;
  verified_deleted: boolean;
}

/**
 * Every statement on the ID check's tables: `id_check_uploads` and `id_check_photos` (a pending
 * check), `id_checks` (verdicts), `verified_documents` (which document verifies which account),
 * `face_templates` (which face) and `identity_flags` (a verified document or face sent by another account).
 */
@Injectable()
export class VerificationRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Drops the user's pending check if it is older than `minutes` (its job is taken as lost). */
  async deleteStaleUpload(userId: number, minutes: number, m: EntityManager = this.db.manager): Promise<void> {
    await m.query(`DELETE FROM id_check_uploads WHERE user_id = $1 AND created_at < now() - ($2::int * interval '1 minute')`, [userId, minutes]);
  }

  /** Stores a check and its photos unless one is already pending for the user; returns its id, or null. */
  async insertUpload(userId: number, documentType: IdDocumentType, photos: Partial<Record<PhotoShot, Buffer>>, m: EntityManager = this.db.manager): Promise<number | null> {
    const rows: { id: number }[] = await m.query(`INSERT INTO id_check_uploads (user_id, document_type) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING RETURNING id`, [
      userId,
      documentType,
    ]);
    const id = rows[0]?.id;
    if (id === undefined) return null;
    for (const [shot, bytes] of Object.entries(photos)) {
      if (bytes) await m.query(`INSERT INTO id_check_photos (upload_id, shot, bytes) VALUES ($1, $2, $3)`, [id, shot, bytes]);
    }
    return id;
  }

  async findPending(uploadId: number, userId: number, m: EntityManager = this.db.manager): Promise<PendingCheck | null> {
    const upload = await m.findOne(IdCheckUploadEntity, { where: { id: uploadId, userId } });
    if (!upload) return null;
    const rows: { shot: PhotoShot; bytes: Buffer }[] = await m.query(`SELECT shot, bytes FROM id_check_photos WHERE upload_id = $1`, [uploadId]);
    return { id: upload.id, documentType: upload.documentType as PendingCheck['documentType'], photos: Object.fromEntries(rows.map((r) => [r.shot, r.bytes])) };
  }

  async hasPending(userId: number, m: EntityManager = this.db.manager): Promise<boolean> {
    return (await m.count(IdCheckUploadEntity, { where: { userId } })) > 0;
  }

  /** True when this call removed it (so only one caller records the verdict). Its photos go with it. */
  async deleteUpload(uploadId: number, m: EntityManager = this.db.manager): Promise<boolean> {
    const result = await m.delete(IdCheckUploadEntity, { id: uploadId });
    return !!result.affected;
  }

  async deleteUploadsOf(userId: number, m: EntityManager = this.db.manager): Promise<void> {
    await m.delete(IdCheckUploadEntity, { userId });
  }

  async recordVerdict(verdict: VerdictRow, m: EntityManager): Promise<void> {
    await m.insert(IdCheckEntity, verdict);
  }

  lastVerdict(userId: number, m: EntityManager = this.db.manager): Promise<IdCheckEntity | null> {
    return m.findOne(IdCheckEntity, { where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /**
   * The live, verified account (other than `userId`) this document verifies, if any. Takes a
   * transaction-scoped lock on the document first, so two accounts verifying one document at the
   * same time are decided one after the other.
   */
  async lockDocumentHolder(documentHash: string, userId: number, m: EntityManager): Promise<number | null> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('verified-document:' || $1, 0))`, [documentHash]);
    const rows: { user_id: number }[] = await m.query(
      `SELECT d.user_id FROM verified_documents d JOIN users u ON u.id = d.user_id
        WHERE d.document_hash = $1 AND d.user_id <> $2 AND u.deleted_at IS NULL AND u.id_verified`,
      [documentHash, userId],
    );
    return rows[0]?.user_id ?? null;
  }

  /** The account is now verified with this document; an account that held it but is deleted or no longer verified lets go of it. */
  async holdDocument(documentHash: string, userId: number, m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM verified_documents WHERE document_hash = $1 AND user_id <> $2`, [documentHash, userId]);
    await m.query(
      `INSERT INTO verified_documents (user_id, document_hash) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET document_hash = EXCLUDED.document_hash, verified_at = now()`,
      [userId, documentHash],
    );
  }

  /**
   * The live, verified account (other than `userId`) whose face template is within the match
   * threshold of `descriptor`, the closest if several. Takes one transaction-scoped lock for every
   * face decision first (near faces have no common key to lock on), so two accounts verifying one
   * face at the same time are decided one after the other. The GIN index finds the templates that
   * share a hash bucket; only those are measured (docs/identity-rules.md#one-face-one-account).
   */
  async lockFaceHolder(descriptor: number[], userId: number, m: EntityManager): Promise<number | null> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('face-templates', 0))`);
    const rows: { user_id: number; template: Buffer }[] = await m.query(
      `SELECT t.user_id, t.template FROM face_templates t JOIN users u ON u.id = t.user_id
        WHERE t.buckets && $1::bigint[] AND t.user_id <> $2 AND u.deleted_at IS NULL AND u.id_verified`,
      [faceTemplate(descriptor).buckets, userId],
    );
    return closestFace(descriptor, rows)?.user_id ?? null;
  }

  /** The account is now verified with this face: its template replaces any older one of the account. */
  async holdFace(descriptor: number[], userId: number, m: EntityManager): Promise<void> {
    const { template, buckets } = faceTemplate(descriptor);
    await m.query(
      `INSERT INTO face_templates (user_id, template, buckets) VALUES ($1, $2, $3::bigint[])
       ON CONFLICT (user_id) DO UPDATE SET template = EXCLUDED.template, buckets = EXCLUDED.buckets, verified_at = now()`,
      [userId, template, buckets],
    );
  }

  /** A deleted account's face is forgotten. */
  async deleteFaceOf(userId: number, m: EntityManager = this.db.manager): Promise<void> {
    await m.query(`DELETE FROM face_templates WHERE user_id = $1`, [userId]);
  }

  async flag(kind: FlagKind, documentHash: string | null, userId: number, verifiedUserId: number, m: EntityManager): Promise<void> {
    await m.query(`INSERT INTO identity_flags (kind, document_hash, user_id, verified_user_id) VALUES ($1, $2, $3, $4)`, [kind, documentHash, userId, verifiedUserId]);
  }

  /** The newest flags first, each naming both accounts. */
  flags(limit: number, m: EntityManager = this.db.manager): Promise<FlagRow[]> {
    return m.query(
      `SELECT f.id, f.created_at, f.kind,
              a.id AS user_id, a.username, a.email, a.first_name, a.last_name, a.deleted_at IS NOT NULL AS deleted,
              b.id AS verified_user_id, b.username AS verified_username, b.email AS verified_email,
              b.first_name AS verified_first_name, b.last_name AS verified_last_name, b.deleted_at IS NOT NULL AS verified_deleted
         FROM identity_flags f JOIN users a ON a.id = f.user_id JOIN users b ON b.id = f.verified_user_id
        ORDER BY f.created_at DESC, f.id DESC LIMIT $1`,
      [limit],
    );
  }
}
