import { AmazonPayRedirectPage } from './pay-redirect-page.tsx';

export default AmazonPayRedirectPage;
