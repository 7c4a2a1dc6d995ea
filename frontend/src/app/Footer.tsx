import { Link } from 'react-router-dom';

export function Footer() {
  return (
    <footer className="site-footer">
      <p>© 2026 GotNext. All rights reserved.</p>
      <Link to="/contact">Contact</Link>
    </footer>
  );
}
