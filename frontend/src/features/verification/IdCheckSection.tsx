import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ID_BACK_MAX_DIMENSION, ID_PHOTO_MAX_DIMENSION, MSG, type IdDocumentType, type IdShot, type User } from '@gotnext/shared';
import { errorMessage } from '../../api/errors';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { DocumentShot } from './DocumentShot';
import { SelfieShot, type Selfie } from './SelfieShot';
import { useIdCheckStatus, useSubmitIdCheck } from './useIdCheck';
import { usePreparing } from './usePreparing';
import { inviteToReturnTo } from './inviteReturn';
import './verification.css';

/** The server can only compare an ID with a real region and birth date. */
function missingStateOrDob(user: User | null): boolean {
  return !user || !user.date_of_birth || !user.state || user.state === 'N/A' || user.state === 'International';
}

const SHOT_NAMES: Record<IdShot, string> = { front: 'the front (or the passport page)', back: 'the back', selfie: 'the selfie' };

/**
 * The ID check (docs/product.md#verification, docs/identity-rules.md#id-check): the document's
 * shots, the selfie with its head turn, what is checked and that every photo is deleted, then the
 * verdict live with its reason and what to retake.
 */
export function IdCheckSection({ user }: { user: User | null }) {
  const status = useIdCheckStatus(!!user);
  const submit = useSubmitIdCheck();
  const { preparing, track } = usePreparing();
  const [documentType, setDocumentType] = useState<IdDocumentType>('drivers_license');
  const [front, setFront] = useState<Blob | null>(null);
  const [back, setBack] = useState<Blob | null>(null);
  const [selfie, setSelfie] = useState<Selfie | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const state = user?.id_verified ? 'verified' : status.data?.status;
  const retake = new Set(state === 'failed' ? status.data?.retake : []);
  const licence = documentType === 'drivers_license';
  // An invite that sent the player here (?next=, or remembered across the e-mail link's tab) is
  // where they go back to, and it joins by itself there; else a first match.
  const [query] = useSearchParams();
  const invite = inviteToReturnTo(query.get('next'));
  // Verified to play ranked: the next step opens Create Match with Ranked chosen (one tap fewer).
  const nextStep = invite ? { to: invite, label: 'Back to the invite' } : { to: '/create-match?ranked=1', label: 'Create a ranked match' };

  // A rejection asks again only for the shots it names: the others stay as they were taken.
  const verdictAt = state === 'failed' ? status.data?.checked_at : null;
  useEffect(() => {
    if (!verdictAt) return;
    const again = new Set(status.data?.retake ?? []);
    if (again.has('front')) setFront(null);
    if (again.has('back')) setBack(null);
    if (again.has('selfie')) setSelfie(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per verdict: a later read of the same verdict must not clear shots taken since
  }, [verdictAt]);
  // Verified: no photo is kept a moment longer than needed.
  useEffect(() => {
    if (state !== 'verified') return;
    setFront(null);
    setBack(null);
    setSelfie(null);
  }, [state]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = missingStateOrDob(user) ? MSG.needStateAndDob : !front ? MSG.selectFile : licence && !back ? MSG.idBackRequired : !selfie ? MSG.selfieRequired : null;
    setInvalid(problem);
    if (problem || !front || !selfie) return;
    submit.mutate({ documentType, front, back: licence ? back : null, selfie });
  }

  return (
    <section className="card panel" aria-labelledby="id-verification-title">
      <h2 id="id-verification-title">
        ID Verification{' '}
        <span className={`badge ${state === 'verified' ? 'badge--ok' : 'badge--pending'}`}>
          {state === 'verified' ? 'Verified' : state === 'pending' ? 'Checking' : 'Not verified'}
        </span>
      </h2>
      {state === 'verified' ? (
        <div className="id-check__done">
          <p className="muted">Your ID has been verified.</p>
          <Link to={nextStep.to} className="btn btn--primary">
            {nextStep.label}
          </Link>
        </div>
      ) : state === 'pending' ? (
        <CheckingNotice />
      ) : (
        <form onSubmit={onSubmit} noValidate className="id-check">
          {state === 'failed' && status.data?.reason ? (
            <div className="id-check__verdict" role="alert">
              <p>{MSG.idVerificationFailed(status.data.reason)}</p>
              {retake.size ? <p>Take again: {[...retake].map((s) => SHOT_NAMES[s]).join(', ')}.</p> : null}
              <p>{MSG.idRejectedTryAgain}</p>
              {/* Try again takes the player to the document choice, the start of a new attempt (docs/product.md#verification). */}
              <button type="button" className="btn btn--secondary" onClick={() => document.querySelector<HTMLInputElement>('.id-check__type input:checked')?.focus()}>
                Try again
              </button>
            </div>
          ) : null}
          <details className="id-check__explain">
            <summary>What we check, and what happens to your photos</summary>
            <ul>
              <li>
                The barcode on the back of a US or Canadian licence or ID card, or the machine-readable lines of a passport, and that the document is a real one and not expired.
              </li>
              <li>That the name, date of birth and state or country on it match your account.</li>
              <li>That your selfie matches the photo on the ID, and that it is you in person: you turn your head while the camera watches.</li>
              <li>One ID verifies one account. We keep only the result and a coded fingerprint of the document number, never the number itself.</li>
              <li>Every photo is deleted as soon as the check ends, whatever the result.</li>
            </ul>
          </details>
          <fieldset className="id-check__type">
            <legend>Your document</legend>
            <label>
              <input type="radio" name="document_type" checked={licence} onChange={() => setDocumentType('drivers_license')} /> US or Canadian driver's licence or state ID
            </label>
            <label>
              <input type="radio" name="document_type" checked={!licence} onChange={() => setDocumentType('passport')} /> Passport
            </label>
          </fieldset>
          <DocumentShot
            label={licence ? 'Front of your licence' : 'Passport photo page'}
            hint={
              licence
                ? 'Lay the card flat, fill the frame, no glare on the photo or the text.'
                : 'Open the passport at the photo page; both lines of letters and < signs at the bottom must be in the frame.'
            }
            shape={licence ? 'card' : 'page'}
            maxSide={ID_PHOTO_MAX_DIMENSION}
            photo={front}
            onPhoto={setFront}
            retake={retake.has('front')}
            track={track}
          />
          {licence ? (
            <DocumentShot
              label="Back of your licence"
              hint="The whole barcode inside the frame, sharp and flat."
              shape="card"
              maxSide={ID_BACK_MAX_DIMENSION}
              photo={back}
              onPhoto={setBack}
              retake={retake.has('back')}
              track={track}
            />
          ) : null}
          <SelfieShot selfie={selfie} onSelfie={setSelfie} retake={retake.has('selfie')} track={track} />
          <ErrorMessage>{invalid ?? (submit.error ? errorMessage(submit.error, MSG.submitVerificationFailed) : null)}</ErrorMessage>
          <SuccessMessage>{submit.data?.message}</SuccessMessage>
          <button type="submit" className="btn btn--primary" disabled={submit.isPending || preparing}>
            {submit.isPending ? 'Uploading...' : preparing ? 'Preparing photos...' : 'Send for verification'}
          </button>
        </form>
      )}
    </section>
  );
}

/** The wait, honestly: how long it has run so far, and that it usually ends within a minute. */
function CheckingNotice() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div role="status" className="id-check__pending">
      <p>Checking your ID and selfie... This usually takes under a minute. The result appears here and in the notification bell.</p>
      <progress aria-label="Checking your ID" />
      <p className="muted" data-testid="id-check-elapsed">
        {seconds ? `${seconds} s so far` : 'Started'}
      </p>
    </div>
  );
}
