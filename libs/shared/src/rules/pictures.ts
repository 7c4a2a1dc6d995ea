/**
 * The picture-URL helper of docs/identity-rules.md#photos: absolute URLs are used as they are, relative ones are
 * prefixed with the API host, a version query busts caches, and no picture means the default.
 */
export const DEFAULT_PROFILE_PICTURE = '/default-profile.svg';

export function pictureUrl(picture: string | null | undefined, version: number | null | undefined, apiHost = ''): string {
  if (!picture) return DEFAULT_PROFILE_PICTURE;
  const base = /^https?:\/\//i.test(picture) ? picture : `${apiHost.replace(/\/$/, '')}/${picture.replace(/^\//, '')}`;
  if (version === null || version === undefined) return base;
  return `${base}${base.includes('?') ? '&' : '?'}v=${version}`;
}
