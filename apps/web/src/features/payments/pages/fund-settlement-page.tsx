import { LegalPage } from './legal-page.tsx';

/** /fund-settlement: the notice under the Act on Payment Services. */
export default function FundSettlementPage() {
  return <LegalPage doc="fund" />;
}
