import { CompleteBuyPointPage } from './complete-buy-point-page.tsx';

/** /complete-buy-point-amazom-pay: the Amazon Pay result (the route keeps the spec's spelling). */
export default function CompleteAmazonPayPage() {
  return <CompleteBuyPointPage payId={5} />;
}
