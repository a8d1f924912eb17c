import { Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Anything a route throws that is not a redirect: a friendly page instead of a blank screen. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="page page-narrow" role="alert">
      <div className="card" style={{ padding: 32, textAlign: 'center' }}>
        <h1 className="page-title">{t('error.title')}</h1>
        <p style={{ marginBottom: 20, color: 'var(--ink-soft)' }}>{t('error.text')}</p>
        <Link to="/" className="btn btn-primary" reloadDocument>
          {t('actions.backToTop')}
        </Link>
      </div>
    </div>
  );
}
