import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { deleteCardRoute, deletePackRoute } from '@gacha/contract/routes/admin-catalogue';
import { deleteBannerRoute, deleteCouponRoute } from '@gacha/contract/routes/admin-shop';
import { call, isOk, refusalText } from '../lib/api.ts';
import { catalogue, useSubmit } from '../lib/forms.ts';
import { useCan } from '../lib/me.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** Each draft's deletion (POST /api/admin/<resource>/{id}/delete). */
const deleteRoutes = {
  packs: deletePackRoute,
  cards: deleteCardRoute,
  banners: deleteBannerRoute,
  coupons: deleteCouponRoute,
};

/**
 * A draft's "Delete" (a pack never published, a card nothing names, a banner, a coupon nobody used): asks first,
 * posts POST /api/admin/<resource>/{id}/delete, then drops the cached queries under ['admin', resource] and goes to
 * the list, /<resource>. A refusal (the thing is on record after all) is shown in the dialog in the staff member's
 * language. Only for a role with catalogue.write.
 */
export function DeleteDraft({
  resource,
  id,
  name,
}: {
  resource: keyof typeof deleteRoutes;
  id: number;
  name: string;
}) {
  const canWrite = useCan()('catalogue.write');
  const listPath = `/${resource}`;
  const { t } = useTranslation('console');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useSubmit({
    mutationFn: () => call(deleteRoutes[resource], { params: { id } }),
    onSuccess: async (res) => {
      if (!isOk(res)) {
        setError(refusalText(res) ?? catalogue('server_error'));
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['admin', resource] });
      setAsking(false);
      await navigate(listPath, { state: { notice: t('drafts.deleted', { name }) } });
    },
    onError: () => setError(catalogue('server_error')),
  });
  if (!canWrite) return null;
  return (
    <section className="panel panel-danger" aria-labelledby="delete-draft-title">
      <h2 id="delete-draft-title">{t('drafts.title')}</h2>
      <p className="muted">{t(`drafts.intro.${resource}`)}</p>
      <button
        type="button"
        className="button-danger"
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
      >
        {t('drafts.delete')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('drafts.confirmTitle', { name })}
        confirmLabel={t('drafts.yes')}
        confirmDisabled={remove.isPending}
        danger
        onConfirm={() => remove.send()}
        onClose={() => setAsking(false)}
      >
        <p>{t('drafts.confirm')}</p>
        <div role="alert">{error ? <p className="form-message">{error}</p> : null}</div>
      </ConfirmDialog>
    </section>
  );
}

/** The notice a page was opened with (`navigate(path, { state: { notice } })`), e.g. after a deletion. */
export function RouteNotice() {
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return <div role="status">{notice ? <p className="success">{notice}</p> : null}</div>;
}
