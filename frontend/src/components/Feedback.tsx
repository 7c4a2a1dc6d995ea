/** Error and success lines, announced to screen readers (and found by tests) through their roles. */
export function ErrorMessage({ children, id }: { children?: string | null; id?: string }) {
  if (!children) return null;
  return (
    <p className="feedback feedback--error" role="alert" id={id}>
      {children}
    </p>
  );
}

export function SuccessMessage({ children }: { children?: string | null }) {
  if (!children) return null;
  return (
    <p className="feedback feedback--success" role="status">
      {children}
    </p>
  );
}
