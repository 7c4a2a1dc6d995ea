import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, ROUTES, type Article } from '@gotnext/shared';
import { call } from '../../api/client';
import { errorText } from '../../api/errors';
import { queryKeys } from '../../api/queryKeys';
import { ErrorMessage, SuccessMessage } from '../../components/Feedback';
import { SkeletonLines } from '../../components/Skeleton';
import { ArticleForm, type ArticleDraft } from './ArticleForm';
import { ArticleImage } from './ArticleImage';
import { useArticles } from './articleQueries';
import './articles.css';

/**
 * /admin/articles (docs/articles.md#publishing): ops publish, edit and remove news articles with
 * a header image. The calls carry the operators' credentials (the ops sign-in keeps them).
 */
export function ArticlesAdminPage() {
  const client = useQueryClient();
  const { data: articles, error: listError } = useArticles();
  const [editing, setEditing] = useState<Article | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [done, setDone] = useState<string | null>(null);

  const refresh = (message: string) => {
    setDone(message);
    setEditing(null);
    setFormKey((k) => k + 1); // a fresh, empty form
    void client.invalidateQueries({ queryKey: queryKeys.articles() });
  };
  const save = useMutation({
    mutationFn: (draft: ArticleDraft) =>
      editing
        ? call(ROUTES.adminUpdateArticle, {
            params: { articleId: editing.id },
            body: { title: draft.title, text: draft.text, image: draft.image ?? undefined, remove_image: draft.removeImage ? 'true' : undefined },
            fallback: MSG.articleSaveFailed,
          })
        : call(ROUTES.adminCreateArticle, { body: { title: draft.title, text: draft.text, image: draft.image ?? undefined }, fallback: MSG.articleSaveFailed }),
    onSuccess: (res) => {
      client.setQueryData(queryKeys.article(res.article.id), res.article);
      refresh(res.message);
    },
  });
  const remove = useMutation({
    mutationFn: (article: Article) => call(ROUTES.adminDeleteArticle, { params: { articleId: article.id }, fallback: MSG.articleRemoveFailed }),
    onSuccess: (res, article) => {
      client.removeQueries({ queryKey: queryKeys.article(article.id) });
      refresh(res.message);
    },
  });

  return (
    <div className="stack articles-admin">
      <section className="card panel">
        <h1>{editing ? 'Edit article' : 'Publish an article'}</h1>
        <ArticleForm
          key={editing ? `edit-${editing.id}` : `new-${formKey}`}
          article={editing ?? undefined}
          pending={save.isPending}
          error={errorText(save.error, MSG.articleSaveFailed)}
          onSubmit={(draft) => {
            setDone(null);
            save.mutate(draft);
          }}
          onCancel={editing ? () => setEditing(null) : undefined}
        />
        <SuccessMessage>{done}</SuccessMessage>
      </section>
      <section className="card panel" aria-labelledby="published-title">
        <h2 id="published-title">Published</h2>
        <ErrorMessage>{errorText(listError, MSG.articleFetchFailed) ?? errorText(remove.error, MSG.articleRemoveFailed)}</ErrorMessage>
        {articles === undefined && !listError ? (
          <SkeletonLines count={3} />
        ) : articles?.length === 0 ? (
          <p className="muted">{MSG.noNews}</p>
        ) : (
          <ul className="articles-admin__list">
            {articles?.map((a) => (
              <li key={a.id}>
                <ArticleImage article={a} className="articles-admin__thumb" />
                <Link to={`/article/${a.id}`} className="articles-admin__title">
                  {a.title}
                </Link>
                <span className="articles-admin__actions">
                  <button type="button" className="btn btn--secondary" onClick={() => setEditing(a)}>
                    Edit
                  </button>
                  <button type="button" className="btn btn--secondary" disabled={remove.isPending} onClick={() => window.confirm(`Remove "${a.title}"?`) && remove.mutate(a)}>
                    Remove
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
