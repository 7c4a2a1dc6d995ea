import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';

const SUPPORT_EMAIL = 'support@gotnext.app';
const INFO_EMAIL = 'info@gotnext.app';

export function ContactPage() {
  usePageTitle('Contact');
  return (
    <section className="page card">
      <h1>Contact Us</h1>
      <p>Questions about your account, a match result or a player? We read every message and usually answer within two business days.</p>
      <ul className="contact-list">
        <li>
          Account help and reports: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </li>
        <li>
          General questions and partnerships: <a href={`mailto:${INFO_EMAIL}`}>{INFO_EMAIL}</a>
        </li>
      </ul>
      <p>
        Before writing, you may find your answer in our <Link to="/privacy">Privacy Policy</Link> and <Link to="/terms">Terms of Service</Link>.
      </p>
    </section>
  );
}
