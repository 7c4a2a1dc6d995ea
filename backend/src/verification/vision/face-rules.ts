import type { DetectedFace } from './vision-engine';
import { PORTRAIT_AREA } from './portrait-area';

/**
 * The selfie rules (docs/identity-rules.md#selfie-match-and-liveness), on what the face model found.
 *
 * FACE_MATCH_THRESHOLD: two descriptors closer than this (Euclidean) are one person. Chosen on the
 * test set of the sample faces shipped with the model (bench/face-match.bench.mjs prints the
 * false-accept and false-reject rates at this value); the model's authors suggest 0.6, which
 * accepted about 1 impostor pair in 9 there.
 */
export const FACE_MATCH_THRESHOLD = 0.45;
/**
 * How far the nose must move across the face between the two selfie frames (as a share of the
 * face's width, see yawOf): about a 15° head turn. A flat picture moved, tilted or bent in front
 * of the camera keeps this share nearly constant, since it is a ratio along one line of the picture.
 */
export const LIVENESS_MIN_TURN = 0.12;

export function faceDistance(a: number[], b: number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  return Math.sqrt(sum);
}

/**
 * The head's turn as the nose tip's position between the two ends of the jaw line (landmarks 30,
 * 0 and 16 of the 68-point model), projected on that line: about 0.5 looking straight, lower or
 * higher turned to one side. In-plane rotation and distance from the camera leave it unchanged.
 */
export function yawOf(face: DetectedFace): number {
  const [left, right, nose] = [face.landmarks[0], face.landmarks[16], face.landmarks[30]];
  const ax = right[0] - left[0];
  const ay = right[1] - left[1];
  const length2 = ax * ax + ay * ay;
  if (!length2) return 0.5;
  return ((nose[0] - left[0]) * ax + (nose[1] - left[1]) * ay) / length2;
}

/** The face in the document's portrait area (the largest one there), if any. */
export function portraitFace(faces: DetectedFace[], imageWidth: number): DetectedFace | null {
  return faces.find((f) => f.box[0] < imageWidth * PORTRAIT_AREA) ?? null;
}

export type LivenessVerdict = 'live' | 'same-frame' | 'different-people';

/**
 * The basic liveness step: the two frames show one person (their descriptors match) whose head
 * turned between them. A printed ID or a photo held to the camera fails: its face cannot turn.
 */
export function livenessOf(first: DetectedFace, second: DetectedFace): LivenessVerdict {
  if (faceDistance(first.descriptor, second.descriptor) >= FACE_MATCH_THRESHOLD) return 'different-people';
  return Math.abs(yawOf(first) - yawOf(second)) >= LIVENESS_MIN_TURN ? 'live' : 'same-frame';
}

/** The selfie matches the portrait when either frame's face is within the threshold of it. */
export function selfieDistance(portrait: DetectedFace, frames: DetectedFace[]): number {
  return Math.min(...frames.map((f) => faceDistance(portrait.descriptor, f.descriptor)));
}
