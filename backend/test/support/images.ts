import sharp from 'sharp';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A driver-licence-like card rendered from SVG (fonts from the system's fontconfig, DejaVu Sans
 * from Debian's fonts-dejavu-core), as a phone photo of an ID would show it: one line per field.
 */
export async function renderIdCard(lines: string[], format: 'png' | 'jpeg' = 'jpeg'): Promise<Buffer> {
  const rows = lines
    .map(
      (line, i) =>
        `<text x="48" y="${110 + i * 62}" font-family="DejaVu Sans" font-size="${i === 0 ? 40 : 34}" font-weight="${i === 0 ? 'bold' : 'normal'}" fill="#111">${escape(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="${160 + lines.length * 62}">
    <rect width="100%" height="100%" rx="28" fill="#eef3fb"/><rect x="0" y="0" width="100%" height="60" fill="#2b4c7e"/>${rows}</svg>`;
  const img = sharp(Buffer.from(svg));
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 90 }).toBuffer();
}

/** A plain photo of `width`×`height`, with camera EXIF (GPS position, orientation) to be stripped. */
export async function photoWithExif(width: number, height: number, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'PhoneCam', Model: 'X1', Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 56/1' },
    })
    .withMetadata({ orientation })
    .toBuffer();
}
