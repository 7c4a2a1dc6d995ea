import { usePageTitle } from './usePageTitle';

/** Stands in for a screen of the route table that is not built yet, so every link already lands somewhere. */
export function ScreenPlaceholder({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="page card">
      <h1>{title}</h1>
      <p className="muted">This screen is on its way.</p>
    </section>
  );
}
