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
}

/** A round profile picture that falls back to the default one when the image is missing or broken. */
export function Avatar({ picture, version, alt, size = 40, className }: AvatarProps) {
  const src = pictureUrl(picture, version, API_BASE);
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);

  return (
    <img
      className={['avatar', className].filter(Boolean).join(' ')}
      src={failed ? DEFAULT_PROFILE_PICTURE : src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      // Only fall back once: if the default itself fails we must not loop.
      onError={() => setFailed(true)}
    />
  );
}
