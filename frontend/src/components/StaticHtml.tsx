import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys';
import { SkeletonLines } from './Skeleton';

/** The readable part of a static HTML document: its <article>/<main>, else its <body>. */
function extractContent(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Our own legal files only; drop anything executable anyway, in case a proxy served something else.
  doc.querySelectorAll('script, style, link, meta, title').forEach((el) => el.remove());
  const root = doc.querySelector('article, main') ?? doc.body;
  return root.innerHTML;
}

async function loadStaticHtml(url: string, signal: AbortSignal): Promise<string> {
  const res = await fetch(url, { headers: { Accept: 'text/html' }, signal });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return extractContent(await res.text());
}

interface StaticHtmlProps {
  /** Path of a file in frontend/public, e.g. /terms.html. */
  src: string;
  /** The text shown when the file cannot be loaded. */
  errorText: string;
}

/**
 * Renders one of the static legal pages inside the app (route or modal). Each file is fetched once
 * per page load and then shared by the modal and the route; a failure does not stick, the next
 * open tries again.
 */
export function StaticHtml({ src, errorText }: StaticHtmlProps) {
  const page = useQuery({
    queryKey: queryKeys.staticPage(src),
    queryFn: ({ signal }) => loadStaticHtml(src, signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

  if (page.isError) {
    return (
      <p className="feedback feedback--error" role="alert">
        {errorText}
      </p>
    );
  }
  if (page.data === undefined) return <SkeletonLines count={3} />;
  return <div className="static-html" dangerouslySetInnerHTML={{ __html: page.data }} />;
}
