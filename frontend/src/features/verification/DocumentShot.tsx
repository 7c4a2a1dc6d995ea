import { useEffect, useState } from 'react';
import { MSG } from '@gotnext/shared';
import { ErrorMessage } from '../../components/Feedback';
import { downscale, grabFrame } from './images';
import { useCamera } from './useCamera';
import { untracked, type TrackPreparing } from './usePreparing';

/** The guide frame in the camera view: an ID card (85.6 × 54 mm) or a passport page (125 × 88 mm), 90 % of the width. */
const FRAMES = { card: 85.6 / 54, page: 125 / 88 };

interface Props {
  /** The shot's name, e.g. 'Front of your licence'. */
  label: string;
  hint: string;
  shape: keyof typeof FRAMES;
  maxSide: number;
  photo: Blob | null;
  onPhoto(photo: Blob | null): void;
  /** The last verdict asked to take this one again. */
  retake?: boolean;
  /** Tells the form a photo is being prepared (usePreparing). */
  track?: TrackPreparing;
}

/**
 * One document shot (docs/product.md#verification): the back camera with a frame to line the
 * document up in, a Take photo button, a preview with Retake; or a file (the phone's camera app
 * on mobile, a picture on a desktop). The photo is downscaled here before it is ever sent.
 */
export function DocumentShot({ label, hint, shape, maxSide, photo, onPhoto, retake, track = untracked }: Props) {
  const camera = useCamera('environment');
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const id = label.toLowerCase().replace(/[^a-z]+/g, '-');

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  async function take() {
    const video = camera.video.current;
    if (!video || camera.state !== 'on') return;
    // The frame is 90 % of the view's width, centred; what is inside it is the photo.
    const width = 0.9;
    const height = Math.min(0.95, (width * video.videoWidth) / FRAMES[shape] / video.videoHeight);
    onPhoto(await track(downscale(grabFrame(video, { left: (1 - width) / 2, top: (1 - height) / 2, width, height }), maxSide)));
    camera.stop();
  }

  async function choose(file: File | undefined) {
    setError(null);
    if (!file) return;
    try {
      onPhoto(await track(downscale(file, maxSide)));
    } catch {
      setError(MSG.imageOnly);
    }
  }

  return (
    <fieldset className={`id-shot ${retake ? 'id-shot--retake' : ''}`}>
      <legend>
        {label} {retake ? <span className="badge badge--pending">Retake</span> : null}
      </legend>
      <p className="muted">{hint}</p>
      {preview ? (
        <div className="id-shot__preview">
          <img src={preview} alt={`${label} (taken)`} />
          <button type="button" className="btn btn--secondary" onClick={() => onPhoto(null)}>
            Retake {label.toLowerCase()}
          </button>
        </div>
      ) : camera.state === 'on' || camera.state === 'starting' ? (
        <div className="id-shot__camera">
          <div className={`id-shot__viewport id-shot__viewport--${shape}`}>
            <video ref={camera.video} playsInline muted aria-label={`Camera for ${label.toLowerCase()}`} />
            <div className="id-shot__guide" aria-hidden="true" />
          </div>
          <button type="button" className="btn btn--primary" onClick={() => void take()} disabled={camera.state !== 'on'}>
            Take photo
          </button>
          <button type="button" className="btn btn--secondary" onClick={camera.stop}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="id-shot__actions">
          <button type="button" className="btn btn--primary" onClick={() => void camera.start()}>
            Use camera
          </button>
          <label className="btn btn--secondary" htmlFor={`${id}-file`}>
            Choose a photo
          </label>
          <input
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept="image/*"
            capture="environment"
            aria-label={`${label} photo file`}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          {camera.state === 'unavailable' ? <p className="muted">No camera is available: choose a photo instead.</p> : null}
        </div>
      )}
      <ErrorMessage>{error}</ErrorMessage>
    </fieldset>
  );
}
