import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isSignedIn, useCan, useMe, type Permission } from '../lib/me.ts';
import { NAV } from './nav.ts';

/** The console's pages need a staff member past the second factor; anyone else goes to the sign-in. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { t } = useTranslation('console');
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (me.isError) return <p role="alert">{t('common.loadFailed')}</p>;
  if (!isSignedIn(me.data)) {
    const back = location.pathname + location.search;
    return (
      <Navigate to={`/login${back && back !== '/' ? `?back=${encodeURIComponent(back)}` : ''}`} replace />
    );
  }
  return children;
}

/** A section's pages need its read permission. */
export function RequirePermission({ permission }: { permission: Permission }) {
  const { t } = useTranslation('console');
  const can = useCan();
  if (!can(permission)) return <p role="alert">{t('common.forbidden')}</p>;
  return <Outlet />;
}

/** /admin/ opens the first section the role may see. */
export function HomeRedirect() {
  const { t } = useTranslation('console');
  const can = useCan();
  const first = NAV.find((item) => can(item.permission));
  return first ? <Navigate to={first.path} replace /> : <p>{t('common.nothingToSee')}</p>;
}
