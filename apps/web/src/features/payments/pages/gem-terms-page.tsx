import { LegalPage } from './legal-page.tsx';

/** /gem-terms-of-service: the Gems Terms of Use. */
export default function GemTermsPage() {
  return <LegalPage doc="gem" />;
}
