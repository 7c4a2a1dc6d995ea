import { MSG } from '@gotnext/shared';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';

/** Any path outside the route table (docs/product.md): the spec's words, and a way home. */
export function ComingSoonPage() {
  usePageTitle();
  return (
    <section className="page card center">
      <h1>{MSG.pageComingSoon}</h1>
      <p>
        <Link to="/" className="btn btn--primary">
          Back to Home
        </Link>
      </p>
    </section>
  );
}
