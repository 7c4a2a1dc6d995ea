import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 16: the ID check takes a document (front, a licence's back) and a two-frame selfie, and one
 * document verifies one account (docs/identity-rules.md#id-check). Accounts verified before keep
 * `id_verified`; a photo still pending from the old one-photo check is kept as that check's front
 * and its job tells the player to send the new shots.
 */
export class IdentityDocuments1763850000000 implements MigrationInterface {
  name = 'IdentityDocuments1763850000000';

  async up(q: QueryRunner): Promise<void> {
    // Every photo of a pending check, deleted with it (ON DELETE CASCADE) whatever the outcome.
    await q.query(`
      CREATE TABLE id_check_photos (
        upload_id integer NOT NULL REFERENCES id_check_uploads(id) ON DELETE CASCADE,
        shot text NOT NULL CHECK (shot IN ('front', 'back', 'selfie', 'selfie_turned')),
        bytes bytea NOT NULL,
        PRIMARY KEY (upload_id, shot)
      )`);
    await q.query(`ALTER TABLE id_check_uploads ADD COLUMN document_type text NOT NULL DEFAULT 'legacy' CHECK (document_type IN ('legacy', 'drivers_license', 'passport'))`);
    await q.query(`INSERT INTO id_check_photos (upload_id, shot, bytes) SELECT id, 'front', bytes FROM id_check_uploads`);
    await q.query(`ALTER TABLE id_check_uploads DROP COLUMN bytes`);
    await q.query(`ALTER TABLE id_check_uploads ALTER COLUMN document_type DROP DEFAULT`);
    // A verdict keeps what to retake and the document's keyed hash (never its number).
    await q.query(`ALTER TABLE id_checks ADD COLUMN retake text[] NOT NULL DEFAULT '{}', ADD COLUMN document_hash text`);
    // The document each account is verified with: one account per document.
    await q.query(`
      CREATE TABLE verified_documents (
        user_id integer PRIMARY KEY REFERENCES users(id),
        document_hash text NOT NULL UNIQUE,
        verified_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A document verified on one account, sent by another: for ops (the identity flags page).
    await q.query(`
      CREATE TABLE identity_flags (
        id serial PRIMARY KEY,
        document_hash text NOT NULL,
        user_id integer NOT NULL REFERENCES users(id),
        verified_user_id integer NOT NULL REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX identity_flags_created_idx ON identity_flags (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE identity_flags`);
    await q.query(`DROP TABLE verified_documents`);
    await q.query(`ALTER TABLE id_checks DROP COLUMN retake, DROP COLUMN document_hash`);
    await q.query(`ALTER TABLE id_check_uploads ADD COLUMN bytes bytea`);
    await q.query(`UPDATE id_check_uploads u SET bytes = p.bytes FROM id_check_photos p WHERE p.upload_id = u.id AND p.shot = 'front'`);
    await q.query(`DELETE FROM id_check_uploads WHERE bytes IS NULL`);
    await q.query(`ALTER TABLE id_check_uploads ALTER COLUMN bytes SET NOT NULL, DROP COLUMN document_type`);
    await q.query(`DROP TABLE id_check_photos`);
  }
}
