import { MSG } from '@gotnext/shared';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';

/** Any path outside the route table (docs/product.md). */
export function ComingSoonPage() {
  usePageTitle();
  return (
    <section className="page card center">
      <h1>{MSG.pageComingSoon}</h1>
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </section>
  );
}
