import { useState, type FormEvent } from 'react';
import { ID_PHOTO_FIELD, MSG, type User, type VerifyIdResponse } from '@gotnext/shared';
import { api, errorMessage } from '../../api/client';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { downscaleForUpload } from './downscaleImage';

/** The server can only compare an ID with a real region and birth date. */
function missingStateOrDob(user: User | null): boolean {
  return !user || !user.date_of_birth || !user.state || user.state === 'N/A' || user.state === 'International';
}

/** Core §2 Verification: the ID photo upload. The verdict comes later, live, in the notification bell. */
export function IdUploadSection({ user }: { user: User | null }) {
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    setError(null);
    if (!file) return setError(MSG.selectFile);
    if (missingStateOrDob(user)) return setError(MSG.needStateAndDob);
    if (!file.type.startsWith('image/')) return setError(MSG.imageOnly);
    setSending(true);
    try {
      const form = new FormData();
      form.append(ID_PHOTO_FIELD, await downscaleForUpload(file), 'id.jpg');
      const res = await api.post<VerifyIdResponse>('/api/verify', form, { fallback: MSG.submitVerificationFailed });
      setMessage(res.message);
      setFile(null);
    } catch (err) {
      setError(err instanceof Error && err.name !== 'ApiError' ? MSG.imageOnly : errorMessage(err, MSG.submitVerificationFailed));
    } finally {
      setSending(false);
    }
  }

  const status = user?.id_verified ? 'Verified' : 'Not verified';
  return (
    <section className="card panel" aria-labelledby="id-verification-title">
      <h2 id="id-verification-title">
        ID Verification <span className={`badge ${user?.id_verified ? 'badge--ok' : 'badge--pending'}`}>{status}</span>
      </h2>
      {user?.id_verified ? (
        <p className="muted">Your ID has been verified.</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="id-photo">Photo of your government-issued ID</label>
            <input id="id-photo" type="file" accept="image/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </div>
          <ErrorMessage>{error}</ErrorMessage>
          <SuccessMessage>{message}</SuccessMessage>
          <button type="submit" className="btn btn--primary" disabled={sending}>
            {sending ? 'Uploading...' : 'Upload ID'}
          </button>
        </form>
      )}
    </section>
  );
}
