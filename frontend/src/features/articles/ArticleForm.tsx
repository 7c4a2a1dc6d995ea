import { useState, type FormEvent } from 'react';
import { ARTICLE_TEXT_MAX, ARTICLE_TITLE_MAX, MSG, PROFILE_PHOTO_MAX_BYTES, validateArticleFields, type Article } from '@gotnext/shared';
import { ErrorMessage } from '../../components/Feedback';
import { FormField } from '../../components/FormField';

export interface ArticleDraft {
  title: string;
  text: string;
  image: File | null;
  removeImage: boolean;
}

interface Props {
  /** The article being edited; none: a new one. */
  article?: Article;
  pending: boolean;
  /** The server's refusal, shown under the form. */
  error: string | null;
  onSubmit: (draft: ArticleDraft) => void;
  onCancel?: () => void;
}

/** Title, text (a blank line starts a paragraph), header image; checked with the server's own rule first. */
export function ArticleForm({ article, pending, error, onSubmit, onCancel }: Props) {
  const [title, setTitle] = useState(article?.title ?? '');
  const [text, setText] = useState(article?.text ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateArticleFields({ title, text }) ?? (image && image.size >= PROFILE_PHOTO_MAX_BYTES ? MSG.articleImageTooLarge : null);
    setProblem(found);
    if (!found) onSubmit({ title, text, image, removeImage });
  }

  return (
    <form className="article-form" onSubmit={submit} noValidate>
      <FormField label="Title">
        <input type="text" value={title} maxLength={ARTICLE_TITLE_MAX} onChange={(e) => setTitle(e.target.value)} />
      </FormField>
      <FormField label="Text" hint="Plain text. A blank line starts a new paragraph.">
        <textarea rows={10} value={text} maxLength={ARTICLE_TEXT_MAX} onChange={(e) => setText(e.target.value)} />
      </FormField>
      <FormField label={article?.image ? 'New header image (under 4MB)' : 'Header image (optional, under 4MB)'}>
        <input type="file" accept="image/*" onChange={(e) => setImage(e.target.files?.[0] ?? null)} />
      </FormField>
      {article?.image && !image && (
        <label className="consent">
          <input type="checkbox" checked={removeImage} onChange={(e) => setRemoveImage(e.target.checked)} /> Remove the header image (show the default one)
        </label>
      )}
      <ErrorMessage>{problem ?? error}</ErrorMessage>
      <div className="articles-admin__actions">
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {pending ? 'Saving...' : article ? 'Save' : 'Publish'}
        </button>
        {onCancel && (
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
