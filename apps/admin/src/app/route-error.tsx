import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

export function RouteError() {
  const { t } = useTranslation('console');
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="page">
      <h1>{t('common.errorTitle')}</h1>
      <p role="alert">{t('common.loadFailed')}</p>
      <p>
        <a href="/admin/">{t('common.reload')}</a>
      </p>
    </main>
  );
}
