/**
 * An article's text as paragraphs: a blank line starts a new one, a single line break stays a
 * line break. The text is rendered as text, never as HTML, so markup an author typed shows as
 * written and can run nothing (docs/articles.md#reading).
 */
export function paragraphsOf(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.split('\n'));
}

export function ArticleBody({ text }: { text: string }) {
  return (
    <div className="article__body">
      {paragraphsOf(text).map((lines, i) => (
        <p key={i}>
          {lines.map((line, j) => (
            <span key={j}>
              {j > 0 && <br />}
              {line}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}

/** The first `length` characters of the text for previews, with "..." when cut. */
export function previewOf(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
