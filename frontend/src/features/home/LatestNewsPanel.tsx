import { Link } from 'react-router-dom';
import { ARTICLE_PREVIEW_LENGTH } from '@gotnext/shared';
import { useLatestArticles } from './homeData';

function preview(text: string): string {
  return text.length > ARTICLE_PREVIEW_LENGTH ? `${text.slice(0, ARTICLE_PREVIEW_LENGTH)}...` : text;
}

export function LatestNewsPanel() {
  const { data: articles } = useLatestArticles();

  return (
    <section className="card panel" aria-labelledby="latest-news-title">
      <h2 id="latest-news-title">Latest News</h2>
      {articles === undefined ? (
        <p className="muted">Loading...</p>
      ) : articles.length === 0 ? (
        <p className="muted">No news yet.</p>
      ) : (
        <ul className="news-list">
          {articles.map((a) => (
            <li key={a.id}>
              <Link to={`/article/${a.id}`} className="news-list__title">
                {a.title}
              </Link>
              <p className="news-list__preview">{preview(a.text ?? '')}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
