import { ID_PHOTO_QUALITY } from '@gotnext/shared';

/**
 * Draws an image (a file, or a camera frame already on a canvas) onto a canvas that fits
 * `maxSide`, and encodes it as JPEG at the spec's quality 0.9 (docs/identity-rules.md#what-a-player-sends).
 * The canvas also drops whatever metadata the camera wrote. Rejects when it is not an image.
 */
export async function downscale(source: Blob | HTMLCanvasElement, maxSide: number): Promise<Blob> {
  const bitmap = source instanceof Blob ? await createImageBitmap(source) : source; // createImageBitmap applies the EXIF orientation
  try {
    const scale = Math.min(1, maxSide / bitmap.width, maxSide / bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((ok, fail) => canvas.toBlob((b) => (b ? ok(b) : fail(new Error('encode failed'))), 'image/jpeg', ID_PHOTO_QUALITY));
  } finally {
    if (!(source instanceof HTMLCanvasElement)) (bitmap as ImageBitmap).close();
  }
}

/** The part of the video inside the guide frame (`frame`: left, top, width, height as shares of the video), on a canvas. */
export function grabFrame(video: HTMLVideoElement, frame = { left: 0, top: 0, width: 1, height: 1 }): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  const sx = Math.round(video.videoWidth * frame.left);
  const sy = Math.round(video.videoHeight * frame.top);
  canvas.width = Math.max(1, Math.round(video.videoWidth * frame.width));
  canvas.height = Math.max(1, Math.round(video.videoHeight * frame.height));
  canvas.getContext('2d')?.drawImage(video, sx, sy, canvas.width, canvas.height, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** A 32×32 grey thumbnail: enough to tell how much two frames differ. */
export function thumbnail(canvas: HTMLCanvasElement): Uint8ClampedArray {
  const small = document.createElement('canvas');
  small.width = 32;
  small.height = 32;
  const ctx = small.getContext('2d');
  if (!ctx) return new Uint8ClampedArray(32 * 32);
  ctx.drawImage(canvas, 0, 0, 32, 32);
  const rgba = ctx.getImageData(0, 0, 32, 32).data;
  const grey = new Uint8ClampedArray(32 * 32);
  for (let i = 0; i < grey.length; i++) grey[i] = (rgba[i * 4] + rgba[i * 4 + 1] + rgba[i * 4 + 2]) / 3;
  return grey;
}

/** Mean absolute difference of two thumbnails. */
export function difference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}
