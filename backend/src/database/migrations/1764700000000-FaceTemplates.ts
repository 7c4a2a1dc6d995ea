import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One face, one account (docs/identity-rules.md#one-face-one-account): each ID-verified account
 * keeps its face template (a quantised descriptor, never a photo) with its hash buckets under a GIN
 * index, and an identity flag says whether a document or a face was found on another account.
 */
export class FaceTemplates1764700000000 implements MigrationInterface {
  name = 'FaceTemplates1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE face_templates (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        template bytea NOT NULL CHECK (length(template) = 128),
        buckets bigint[] NOT NULL,
        verified_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A new face is compared only with the templates sharing one of its buckets (buckets && $1).
    await q.query(`CREATE INDEX face_templates_buckets_idx ON face_templates USING gin (buckets)`);
    await q.query(`ALTER TABLE identity_flags ADD COLUMN kind text NOT NULL DEFAULT 'document' CHECK (kind IN ('document', 'face'))`);
    await q.query(`ALTER TABLE identity_flags ALTER COLUMN document_hash DROP NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM identity_flags WHERE kind = 'face'`);
    await q.query(`ALTER TABLE identity_flags ALTER COLUMN document_hash SET NOT NULL`);
    await q.query(`ALTER TABLE identity_flags DROP COLUMN kind`);
    await q.query(`DROP TABLE face_templates`);
  }
}
