import { useEffect, useRef, useState } from 'react';
import { MSG, SELFIE_MAX_DIMENSION } from '@gotnext/shared';
import { ErrorMessage } from '../../components/Feedback';
import { difference, downscale, grabFrame, thumbnail } from './images';
import { useCamera } from './useCamera';
import { untracked, type TrackPreparing } from './usePreparing';

/** While the player turns, frames are sampled this often, this long; the one that moved most is kept. */
const SAMPLE_EVERY_MS = 150;
const TURN_MS = 2400;

export type Selfie = [Blob, Blob];

interface Props {
  selfie: Selfie | null;
  onSelfie(s: Selfie | null): void;
  retake?: boolean;
  /** Tells the form a photo is being prepared (usePreparing). */
  track?: TrackPreparing;
}

/**
 * The selfie with its liveness step (docs/identity-rules.md#selfie-match-and-liveness): the front
 * camera, an oval to put the face in, one photo looking straight, then a prompt to turn the head
 * while frames are sampled; the frame that differs most from the first is the second photo. On a
 * desktop without a camera: two files, straight and turned.
 */
export function SelfieShot({ selfie, onSelfie, retake, track = untracked }: Props) {
  const camera = useCamera('user');
  const [phase, setPhase] = useState<'idle' | 'turn'>('idle');
  // The two photos as they are ready. Both may be chosen while the first is still being downscaled,
  // so each choice adds to the latest pair, not to the pair of the render it started in.
  const chosen = useRef<[Blob | null, Blob | null]>([null, null]);
  const [previews, setPreviews] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!selfie) return setPreviews([]);
    const urls = selfie.map((b) => URL.createObjectURL(b));
    setPreviews(urls);
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, [selfie]);

  async function take() {
    const video = camera.video.current;
    if (!video || camera.state !== 'on') return;
    const first = grabFrame(video);
    const firstThumb = thumbnail(first);
    setPhase('turn');
    let best = { frame: first, moved: -1 };
    for (let t = 0; t < TURN_MS; t += SAMPLE_EVERY_MS) {
      await new Promise((r) => setTimeout(r, SAMPLE_EVERY_MS));
      const frame = grabFrame(video);
      const moved = difference(firstThumb, thumbnail(frame));
      if (moved > best.moved) best = { frame, moved };
    }
    setPhase('idle');
    onSelfie(await track(Promise.all([downscale(first, SELFIE_MAX_DIMENSION), downscale(best.frame, SELFIE_MAX_DIMENSION)])));
    camera.stop();
  }

  async function choose(index: 0 | 1, file: File | undefined) {
    setError(null);
    if (!file) return;
    try {
      const photo = await track(downscale(file, SELFIE_MAX_DIMENSION));
      const next: [Blob | null, Blob | null] = [...chosen.current];
      next[index] = photo;
      chosen.current = next;
      if (next[0] && next[1]) onSelfie([next[0], next[1]]);
    } catch {
      setError(MSG.imageOnly);
    }
  }

  return (
    <fieldset className={`id-shot ${retake ? 'id-shot--retake' : ''}`}>
      <legend>Selfie {retake ? <span className="badge badge--pending">Retake</span> : null}</legend>
      <p className="muted">
        Take it here, in good light, without glasses or a hat. Look at the camera; when asked, turn your head slowly to one side. This shows it is really you, not a photo.
      </p>
      {selfie ? (
        <div className="id-shot__preview id-shot__preview--selfie">
          <img src={previews[0]} alt="Selfie looking at the camera (taken)" />
          <img src={previews[1]} alt="Selfie with your head turned (taken)" />
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              chosen.current = [null, null];
              onSelfie(null);
            }}
          >
            Retake selfie
          </button>
        </div>
      ) : camera.state === 'on' || camera.state === 'starting' ? (
        <div className="id-shot__camera">
          <div className="id-shot__viewport id-shot__viewport--selfie">
            <video ref={camera.video} playsInline muted aria-label="Camera for the selfie" />
            <div className="id-shot__guide id-shot__guide--oval" aria-hidden="true" />
          </div>
          <p role="status" className="id-shot__prompt">
            {phase === 'turn' ? 'Now turn your head slowly to one side...' : 'Put your face in the oval and look at the camera.'}
          </p>
          <button type="button" className="btn btn--primary" onClick={() => void take()} disabled={camera.state !== 'on' || phase === 'turn'}>
            Take selfie
          </button>
        </div>
      ) : (
        <div className="id-shot__actions">
          <button type="button" className="btn btn--primary" onClick={() => void camera.start()}>
            Start selfie camera
          </button>
          {camera.state === 'unavailable' ? (
            <p className="muted">No camera is available: choose two photos of yourself instead, one looking at the camera and one with your head turned.</p>
          ) : null}
          <details open={camera.state === 'unavailable'}>
            <summary>No camera? Choose two photos</summary>
            <label htmlFor="selfie-straight">Selfie looking at the camera</label>
            <input id="selfie-straight" type="file" accept="image/*" capture="user" onChange={(e) => void choose(0, e.target.files?.[0])} />
            <label htmlFor="selfie-turned">Selfie with your head turned</label>
            <input id="selfie-turned" type="file" accept="image/*" capture="user" onChange={(e) => void choose(1, e.target.files?.[0])} />
          </details>
        </div>
      )}
      <ErrorMessage>{error}</ErrorMessage>
    </fieldset>
  );
}
