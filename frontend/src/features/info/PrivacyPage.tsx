import { StaticHtml } from '../../components/StaticHtml';
import { usePageTitle } from '../../components/usePageTitle';
import { PRIVACY_PAGE } from './legalPages';

export function PrivacyPage() {
  usePageTitle(PRIVACY_PAGE.title);
  return (
    <section className="page card legal-page">
      <StaticHtml src={PRIVACY_PAGE.src} errorText={PRIVACY_PAGE.errorText} />
    </section>
  );
}
