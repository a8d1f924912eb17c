import type { DocPage } from '../../components/markdown-doc.tsx';

/** The routes of the legal and information pages (spec §2), the Markdown page each shows and its title key. */
export const LEGAL_PAGES = [
  { path: '/terms-of-service', doc: 'terms', title: 'pages.termsOfService' },
  { path: '/privacy-protection', doc: 'privacy', title: 'pages.privacyProtection' },
  { path: '/specific-commerce', doc: 'commercial-transactions', title: 'pages.specificCommerce' },
  { path: '/fund-settlement', doc: 'payment-services', title: 'pages.fundSettlement' },
  { path: '/gem-terms-of-service', doc: 'gem-terms', title: 'pages.gemTermsOfService' },
  { path: '/user-guide', doc: 'guide', title: 'pages.userGuide' },
] as const satisfies readonly { path: string; doc: DocPage; title: string }[];
