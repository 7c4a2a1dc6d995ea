import { useEffect, useState } from 'react';

/** Each static page is fetched once per page load; the modal and the route then share it. */
const cache = new Map<string, Promise<string>>();

/** The readable part of a static HTML document: its <article>/<main>, else its <body>. */
function extractContent(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Our own legal files only; drop anything executable anyway, in case a proxy served something else.
  doc.querySelectorAll('script, style, link, meta, title').forEach((el) => el.remove());
  const root = doc.querySelector('article, main') ?? doc.body;
  return root.innerHTML;
}

function loadStaticHtml(url: string): Promise<string> {
  let pending = cache.get(url);
  if (!pending) {
    pending = fetch(url, { headers: { Accept: 'text/html' } })
      .then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.text();
      })
      .then(extractContent);
    // A failure should not stick: the next open tries again.
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
  }
  return pending;
}

interface StaticHtmlProps {
  /** Path of a file in frontend/public, e.g. /terms.html. */
  src: string;
  /** The core §8 text shown when the file cannot be loaded. */
  errorText: string;
}

/** Renders one of the static legal pages inside the app (route or modal). */
export function StaticHtml({ src, errorText }: StaticHtmlProps) {
  const [state, setState] = useState<{ html?: string; failed?: boolean }>({});

  useEffect(() => {
    let alive = true;
    setState({});
    loadStaticHtml(src).then(
      (html) => alive && setState({ html }),
      () => alive && setState({ failed: true }),
    );
    return () => {
      alive = false;
    };
  }, [src]);

  if (state.failed) {
    return (
      <p className="feedback feedback--error" role="alert">
        {errorText}
      </p>
    );
  }
  if (state.html === undefined) return <p className="muted">Loading...</p>;
  return <div className="static-html" dangerouslySetInnerHTML={{ __html: state.html }} />;
}
