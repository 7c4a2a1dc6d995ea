import { useEffect, useState } from 'react';
import { articleImageUrl, DEFAULT_ARTICLE_IMAGE, type Article } from '@gotnext/shared';
import { API_BASE } from '../../api/config';

/** The header image, or the default image when there is none or it fails to load. */
export function ArticleImage({ article, className }: { article: Pick<Article, 'id' | 'image' | 'image_version'>; className?: string }) {
  const src = articleImageUrl(article, API_BASE);
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  return <img className={className} src={failed ? DEFAULT_ARTICLE_IMAGE : src} alt="" onError={() => setFailed(true)} />;
}
