import { Link, useParams } from 'react-router-dom';
import { MSG } from '@gotnext/shared';
import { errorText } from '../../api/errors';
import { ErrorMessage } from '../../components/Feedback';
import { SkeletonLines } from '../../components/Skeleton';
import { usePageTitle } from '../../components/usePageTitle';
import { ArticleBody } from './ArticleBody';
import { ArticleImage } from './ArticleImage';
import { useArticle } from './articleQueries';
import './articles.css';

/** /article/{articleId}: title, header image (or the default), the text in paragraphs. */
export function ArticlePage() {
  const { articleId } = useParams();
  const id = /^[1-9]\d{0,9}$/.test(articleId ?? '') ? Number(articleId) : null;
  const { data: article, error } = useArticle(id);
  usePageTitle(article?.title ?? 'Article');

  const failure = id === null ? MSG.articleNotFound : errorText(error, MSG.articleFetchFailed);
  return (
    <article className="page card article">
      {failure ? (
        <>
          <h1>Article</h1>
          <ErrorMessage>{failure}</ErrorMessage>
        </>
      ) : !article ? (
        <SkeletonLines count={6} className="article__loading" />
      ) : (
        <>
          <ArticleImage article={article} className="article__image" />
          <h1 className="article__title">{article.title}</h1>
          <p className="muted article__date">{new Date(article.created_at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}</p>
          <ArticleBody text={article.text} />
        </>
      )}
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </article>
  );
}
