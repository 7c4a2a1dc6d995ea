import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { StaticHtml } from '../../components/StaticHtml';
import { PRIVACY_PAGE, TERMS_PAGE } from '../info/legalPages';

type LegalPage = typeof TERMS_PAGE;

interface LegalConsentProps {
  acceptTerms: boolean;
  acceptPrivacy: boolean;
  termsError?: string;
  privacyError?: string;
  onChange: (field: 'acceptTerms' | 'acceptPrivacy', value: boolean) => void;
}

/** The two signup checkboxes, each with a link that opens the document in a modal (docs/accounts.md). */
export function LegalConsent({ acceptTerms, acceptPrivacy, termsError, privacyError, onChange }: LegalConsentProps) {
  const [open, setOpen] = useState<LegalPage | null>(null);

  const row = (field: 'acceptTerms' | 'acceptPrivacy', checked: boolean, page: LegalPage, error?: string) => (
    <div className="consent">
      <label className="consent__label">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(field, e.target.checked)} />
        <span>I accept the {page.title}</span>
      </label>{' '}
      <a
        href={page.route}
        onClick={(e) => {
          // Open the document over the form instead of leaving it (and losing what was typed).
          e.preventDefault();
          setOpen(page);
        }}
      >
        Read the {page.title}
      </a>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );

  return (
    <fieldset className="consents">
      <legend className="visually-hidden">Agreements</legend>
      {row('acceptTerms', acceptTerms, TERMS_PAGE, termsError)}
      {row('acceptPrivacy', acceptPrivacy, PRIVACY_PAGE, privacyError)}
      {open && (
        <Modal title={open.title} onClose={() => setOpen(null)}>
          <StaticHtml src={open.src} errorText={open.errorText} />
        </Modal>
      )}
    </fieldset>
  );
}
