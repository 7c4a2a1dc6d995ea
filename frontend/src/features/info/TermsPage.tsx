import { StaticHtml } from '../../components/StaticHtml';
import { usePageTitle } from '../../components/usePageTitle';
import { TERMS_PAGE } from './legalPages';

export function TermsPage() {
  usePageTitle(TERMS_PAGE.title);
  return (
    <section className="page card legal-page">
      <StaticHtml src={TERMS_PAGE.src} errorText={TERMS_PAGE.errorText} />
    </section>
  );
}
