/** Grey placeholder lines while a read is on its way; announced once as "Loading..." to screen readers. */
export function SkeletonLines({ count, className }: { count: number; className?: string }) {
  return (
    <div className={['skeleton-lines', className].filter(Boolean).join(' ')} role="status" aria-busy="true">
      <span className="visually-hidden">Loading...</span>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}
