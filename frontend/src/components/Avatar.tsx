import { useEffect, useState } from 'react';
import { DEFAULT_PROFILE_PICTURE, pictureUrl } from '@gotnext/shared';
import { API_BASE } from '../api/config';

interface AvatarProps {
  /** profile_picture as the API sends it: absolute URL, relative path or null. */
  picture: string | null | undefined;
  /** profile_picture_version, appended as a cache-busting query. */
  version?: number | null;
  alt: string;
  size?: number;
  className?: string;
  /** The picture shown when there is none or it is broken (default: the default profile picture). */
  fallback?: string;
}

/** A round picture (a player's, a league's) that falls back to a default one when the image is missing or broken. */
export function Avatar({ picture, version, alt, size = 40, className, fallback = DEFAULT_PROFILE_PICTURE }: AvatarProps) {
  const src = picture ? pictureUrl(picture, version, API_BASE) : fallback;
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);

  return (
    <img
      className={['avatar', className].filter(Boolean).join(' ')}
      src={failed ? fallback : src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      // Only fall back once: if the default itself fails we must not loop.
      onError={() => setFailed(true)}
    />
  );
}
