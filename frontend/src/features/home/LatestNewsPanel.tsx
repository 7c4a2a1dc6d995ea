import { Link } from 'react-router-dom';
import { ARTICLE_PREVIEW_LENGTH, MSG } from '@gotnext/shared';
import { SkeletonLines } from '../../components/Skeleton';
import { previewOf } from '../articles/ArticleBody';
import { useArticles } from '../articles/articleQueries';

/** Latest News: newest first, each with the first 100 characters of its text (docs/product.md#home). */
export function LatestNewsPanel() {
  const { data: articles, isError } = useArticles();

  return (
    <section className="card panel" aria-labelledby="latest-news-title">
      <h2 id="latest-news-title">Latest News</h2>
      {articles === undefined && !isError ? (
        <SkeletonLines count={4} />
      ) : !articles?.length ? (
        // A feed that cannot load reads as an empty one: news is never in the way of playing.
        <p className="muted">{MSG.noNews}</p>
      ) : (
        <ul className="news-list">
          {articles.map((a) => (
            <li key={a.id}>
              <Link to={`/article/${a.id}`} className="news-list__title">
                {a.title}
              </Link>
              <p className="news-list__preview">{previewOf(a.text, ARTICLE_PREVIEW_LENGTH)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
