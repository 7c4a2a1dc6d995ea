import { FACE_MATCH_THRESHOLD, livenessOf, portraitFace, yawOf } from './face-rules';
import type { DetectedFace } from './vision-engine';

/** A face whose nose tip sits at `nose` (0..1) between the jaw's ends, with descriptor `d`. */
function face(nose: number, d: number[] = [0, 0], x = 100, rotate = 0): DetectedFace {
  const landmarks: [number, number][] = Array.from({ length: 68 }, () => [0, 0]);
  const at = (px: number, py: number): [number, number] => [x + px * Math.cos(rotate) - py * Math.sin(rotate), 200 + px * Math.sin(rotate) + py * Math.cos(rotate)];
  landmarks[0] = at(0, 0);
  landmarks[16] = at(100, 0);
  landmarks[30] = at(nose * 100, 40);
  return { score: 0.9, box: [x, 150, 100, 120], landmarks, descriptor: d };
}

describe('selfie rules (docs/identity-rules.md#selfie-match-and-liveness)', () => {
  it('measures the head turn along the jaw line, whatever the tilt of the picture', () => {
    expect(yawOf(face(0.5))).toBeCloseTo(0.5);
    expect(yawOf(face(0.3, [0, 0], 100, 0.4))).toBeCloseTo(0.3);
  });

  it('takes two frames of one person whose head turned as live', () => {
    expect(livenessOf(face(0.35), face(0.62))).toBe('live');
  });

  it('refuses frames whose face did not turn (a photo held to the camera)', () => {
    expect(livenessOf(face(0.4), face(0.45))).toBe('same-frame');
  });

  it('refuses frames of two people', () => {
    expect(livenessOf(face(0.3, [0, 0]), face(0.7, [FACE_MATCH_THRESHOLD, 0.1]))).toBe('different-people');
  });

  it('finds the portrait on the left of the document', () => {
    expect(portraitFace([face(0.5, [0, 0], 800)], 1000)).toBeNull();
    expect(portraitFace([face(0.5, [0, 0], 800), face(0.5, [1, 1], 60)], 1000)?.descriptor).toEqual([1, 1]);
  });
});
