import type { Plugin } from 'vite';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

/**
 * The app icons (docs/architecture.md#phone-app): rendered from public/favicon.svg at build time with
 * sharp, so no PNG is committed and the icons never drift from the logo. The maskable icon pads the
 * logo into the inner 80% safe zone on the header colour; the apple-touch icon is opaque (iOS fills
 * transparency with black).
 */
export function appIcons(svgPath: string, background: string): Plugin {
  const svg = readFileSync(svgPath);
  const plain = (size: number) => sharp(svg, { density: 384 }).resize(size, size).png().toBuffer();
  const padded = async (size: number, inner: number) => {
    const logo = await sharp(svg, { density: 384 }).resize(inner, inner).png().toBuffer();
    return sharp({ create: { width: size, height: size, channels: 4, background } })
      .composite([{ input: logo, gravity: 'centre' }])
      .png()
      .toBuffer();
  };
  return {
    name: 'gotnext-app-icons',
    apply: 'build',
    async generateBundle() {
      const files: Record<string, Buffer> = {
        'icons/icon-192.png': await plain(192),
        'icons/icon-512.png': await plain(512),
        'icons/maskable-512.png': await padded(512, 384),
        'icons/apple-touch-icon.png': await padded(180, 148),
      };
      for (const [fileName, source] of Object.entries(files)) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
