import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ROUTES, type Article } from '@gotnext/shared';
import { mockApi } from '../../test/mockApi';
import { renderPage } from '../../test/renderPage';
import { ArticlePage } from './ArticlePage';
import { paragraphsOf, previewOf } from './ArticleBody';

const article = (over: Partial<Article> = {}): Article => ({
  id: 3,
  title: 'Summer League opens',
  text: 'One.',
  image: false,
  image_version: 0,
  created_at: '2026-05-01T12:00:00.000Z',
  updated_at: '2026-05-01T12:00:00.000Z',
  ...over,
});

function open(reply: Article | { status: number; body?: unknown }) {
  mockApi().on(ROUTES.article, 'status' in reply ? reply : { body: { article: reply } });
  return renderPage(<ArticlePage />, { at: '/article/3', path: '/article/:articleId' });
}

describe('an article', () => {
  it('shows the title, the text in paragraphs and the default image when it has none', async () => {
    const { container } = open(article({ text: 'First paragraph.\n\nSecond paragraph,\nwith a line break.' }));
    expect(await screen.findByRole('heading', { name: 'Summer League opens' })).toBeVisible();
    const paragraphs = container.querySelectorAll('.article__body p');
    expect([...paragraphs].map((p) => p.textContent)).toEqual(['First paragraph.', 'Second paragraph,with a line break.']);
    expect(paragraphs[1].querySelector('br')).not.toBeNull();
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/default-article.svg');
  });

  it('shows its header image, versioned so a new one is fetched again', async () => {
    const { container } = open(article({ image: true, image_version: 4 }));
    await screen.findByRole('heading', { name: 'Summer League opens' });
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/uploads/article-pictures/3.jpg?v=4');
  });

  it('renders markup an author typed as text: nothing is injected', async () => {
    const { container } = open(article({ title: '<img src=x onerror=alert(1)>', text: '<script>window.hacked = 1</script>\n\n<b>bold?</b>' }));
    expect(await screen.findByRole('heading', { name: '<img src=x onerror=alert(1)>' })).toBeVisible();
    expect(screen.getByText('<b>bold?</b>')).toBeVisible();
    expect(container.querySelector('script, b, img[src="x"]')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it("shows the server's refusal, else 'Failed to fetch article.'", async () => {
    open({ status: 404, body: { message: 'Article not found.' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Article not found.');
  });

  it('splits paragraphs on blank lines and cuts previews at 100 characters', () => {
    expect(paragraphsOf('a\r\n\r\n  \r\nb\nc\n\n')).toEqual([['a'], ['b', 'c']]);
    expect(previewOf('x'.repeat(100), 100)).toBe('x'.repeat(100));
    expect(previewOf('x'.repeat(101), 100)).toBe(`${'x'.repeat(100)}...`);
  });
});
