import { UnsupportedMediaTypeException } from '@nestjs/common';
import sharp from 'sharp';
import { MSG } from '@gotnext/shared';

/** Formats we accept, as sharp detects them from the bytes (the file name and declared type are ignored). */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Refuse decompression bombs: a small file that decodes to a gigantic bitmap. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ReencodeOptions {
  /** The longest side of the result; smaller images are not enlarged. */
  maxSide: number;
  quality: number;
  /**
   * mozjpeg's smaller files (default on): worth it for images served for months, not for ID photos
   * deleted when their check ends, where it is 6 times the CPU of the plain encoder for 15 % fewer
   * bytes (docs/identity-rules.md#speed).
   */
  mozjpeg?: boolean;
}

/**
 * Decodes an upload by its content and writes a fresh JPEG: turned upright from its EXIF
 * orientation, bounded in size, and with no metadata at all (sharp drops EXIF, GPS, ICC comments
 * unless asked to keep them). Anything that is not a decodable image answers 415.
 */
export async function reencodeImage(input: Buffer, opts: ReencodeOptions): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !IMAGE_FORMATS.has(format)) throw new UnsupportedMediaTypeException({ message: MSG.imageOnly });
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(opts.maxSide, opts.maxSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: opts.quality, mozjpeg: opts.mozjpeg ?? true })
      .toBuffer();
  } catch {
    // Recognised header but a corrupt or oversized body.
    throw new UnsupportedMediaTypeException({ message: MSG.imageOnly });
  }
}

export const PROFILE_PHOTO_SIZE: ReencodeOptions = { maxSide: 1024, quality: 85 };
/** ID photos stay a little larger and sharper: the text on them has to be read. Kept only until their check ends. */
export const ID_PHOTO_SIZE: ReencodeOptions = { maxSide: 2048, quality: 92, mozjpeg: false };
