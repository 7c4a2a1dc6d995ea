import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MSG, ROUTES, type User } from '@gotnext/shared';
import { call } from '../../api/client';
import { ApiError, errorMessage } from '../../api/errors';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { downscaleForUpload } from './downscaleImage';

/** The server can only compare an ID with a real region and birth date. */
function missingStateOrDob(user: User | null): boolean {
  return !user || !user.date_of_birth || !user.state || user.state === 'N/A' || user.state === 'International';
}

/** The ID photo upload (docs/identity-rules.md). The verdict comes later, live, in the notification bell. */
export function IdUploadSection({ user }: { user: User | null }) {
  const [file, setFile] = useState<File | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async (photo: File) => {
      const jpeg = await downscaleForUpload(photo);
      return call(ROUTES.verifyId, { body: { id_photo: new File([jpeg], 'id.jpg', { type: jpeg.type }) }, fallback: MSG.submitVerificationFailed });
    },
    onSuccess: () => setFile(null),
  });
  // A file the browser cannot decode as an image fails before any call.
  const error = invalid ?? (upload.error && (upload.error instanceof ApiError ? errorMessage(upload.error, MSG.submitVerificationFailed) : MSG.imageOnly));

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = !file ? MSG.selectFile : missingStateOrDob(user) ? MSG.needStateAndDob : !file.type.startsWith('image/') ? MSG.imageOnly : null;
    setInvalid(problem);
    if (problem || !file) upload.reset();
    else upload.mutate(file);
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
          <SuccessMessage>{upload.data?.message}</SuccessMessage>
          <button type="submit" className="btn btn--primary" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload ID'}
          </button>
        </form>
      )}
    </section>
  );
}
