import { ID_PHOTO_MAX_DIMENSION, ID_PHOTO_QUALITY } from '@gotnext/shared';

/**
 * The ID photo is downscaled in the browser to fit 1024×1024 and sent as JPEG at quality 0.9
 * (docs/identity-rules.md). The canvas also drops whatever metadata the camera wrote. Rejects when
 * it is not an image.
 */
export async function downscaleForUpload(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file); // applies the EXIF orientation in current browsers
  try {
    const scale = Math.min(1, ID_PHOTO_MAX_DIMENSION / bitmap.width, ID_PHOTO_MAX_DIMENSION / bitmap.height);
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
    bitmap.close();
  }
}
