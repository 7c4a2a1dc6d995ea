import { BadRequestException } from '@nestjs/common';
import { MSG, validateArticleFields, type ArticleFields } from '@gotnext/shared';

const FIELDS = ['title', 'text', 'remove_image'] as const;

export interface ArticlePatch extends Partial<ArticleFields> {
  removeImage: boolean;
}

/** Line ends as one `\n`, no trailing spaces at either end: what the article page splits into paragraphs. */
const clean = (s: string) => s.replace(/\r\n?/g, '\n').trim();

/**
 * The text fields of the ops article form (multipart): checked with the shared rule, unknown
 * fields refused. `partial` for an edit, which may change only some fields (docs/articles.md#publishing).
 */
export function articleFieldsFrom(raw: Record<string, string>, partial: boolean): ArticlePatch {
  const unknown = Object.keys(raw).find((k) => !(FIELDS as readonly string[]).includes(k));
  if (unknown) throw new BadRequestException({ message: MSG.unknownField(unknown) });
  const problem = validateArticleFields(raw, partial);
  if (problem) throw new BadRequestException({ message: problem });
  const patch: ArticlePatch = { removeImage: partial && raw.remove_image === 'true' };
  if (raw.title !== undefined) patch.title = clean(raw.title);
  if (raw.text !== undefined) patch.text = clean(raw.text);
  return patch;
}
