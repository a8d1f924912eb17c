import { Link, useRouteError } from 'react-router';
import { isChunkLoadError, reloadForNewBuild } from '../lib/chunk-reload.ts';
import { useLang } from '../lib/i18n.ts';

/**
 * The error page's own texts, in the main bundle: it shows when a chunk failed to load (an old tab after a
 * deploy), and a locale namespace is a chunk too, so it never depends on one.
 */
export const ROUTE_ERROR_TEXTS = {
  en: {
    title: 'Something went wrong',
    text: 'The page could not be shown. Please go back to the top page and try again.',
    backToTop: 'Back to top',
    updating: 'Loading the latest version of the site…',
  },
  ja: {
    title: 'エラーが発生しました',
    text: 'ページを表示できませんでした。トップページに戻ってもう一度お試しください。',
    backToTop: 'トップへ戻る',
    updating: 'サイトの最新版を読み込んでいます…',
  },
} as const;

/**
 * Anything a route throws that is not a redirect: a friendly page instead of a blank screen. A page whose code
 * failed to load (the site was updated since this tab opened) reloads once to the new version instead.
 */
export function RouteError() {
  const texts = ROUTE_ERROR_TEXTS[useLang()];
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadForNewBuild()) {
    return (
      <div className="page page-narrow" aria-busy="true">
        <p style={{ padding: 32, textAlign: 'center', color: 'var(--ink-soft)' }}>{texts.updating}</p>
      </div>
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="page page-narrow" role="alert">
      <div className="card" style={{ padding: 32, textAlign: 'center' }}>
        <h1 className="page-title">{texts.title}</h1>
        <p style={{ marginBottom: 20, color: 'var(--ink-soft)' }}>{texts.text}</p>
        <Link to="/" className="btn btn-primary" reloadDocument>
          {texts.backToTop}
        </Link>
      </div>
    </div>
  );
}
