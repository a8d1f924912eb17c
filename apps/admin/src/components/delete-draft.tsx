import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { emptyAnswerSchema } from '@gacha/contract/envelope-schema';
import { api, isOk, refusalText } from '../lib/api.ts';
import { catalogue, useSubmit } from '../lib/forms.ts';
import { Modal } from './modal.tsx';

/**
 * A draft's "Delete" (a pack never published, a card nothing names, a banner, a coupon nobody used): asks first,
 * posts `path` (POST /api/admin/<things>/{id}/delete), then drops the cached lists under `listKey` and goes to
 * `listPath`. A refusal (the thing is on record after all) is shown in the dialog in the staff member's language.
 */
export function DeleteDraft({
  path,
  name,
  intro,
  listKey,
  listPath,
  canWrite,
}: {
  path: string;
  name: string;
  intro: string;
  listKey: readonly unknown[];
  listPath: string;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useSubmit({
    mutationFn: () => api.post(path, {}, emptyAnswerSchema),
    onSuccess: async (res) => {
      if (!isOk(res)) {
        setError(refusalText(res) ?? catalogue('server_error'));
        return;
      }
      await queryClient.invalidateQueries({ queryKey: listKey });
      setAsking(false);
      await navigate(listPath, { state: { notice: t('drafts.deleted', { name }) } });
    },
    onError: () => setError(catalogue('server_error')),
  });
  if (!canWrite) return null;
  return (
    <section className="panel panel-danger" aria-labelledby="delete-draft-title">
      <h2 id="delete-draft-title">{t('drafts.title')}</h2>
      <p className="muted">{intro}</p>
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
      <Modal open={asking} title={t('drafts.confirmTitle', { name })} onClose={() => setAsking(false)}>
        {(close) => (
          <>
            <p>{t('drafts.confirm')}</p>
            <div role="alert">{error ? <p className="form-message">{error}</p> : null}</div>
            <div className="actions">
              <button
                type="button"
                className="button-danger"
                disabled={remove.isPending}
                onClick={() => remove.send()}
                data-autofocus
              >
                {t('drafts.yes')}
              </button>
              <button type="button" onClick={close}>
                {t('common.cancel')}
              </button>
            </div>
          </>
        )}
      </Modal>
    </section>
  );
}

/** The notice a page was opened with (`navigate(path, { state: { notice } })`), e.g. after a deletion. */
export function RouteNotice() {
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return <div role="status">{notice ? <p className="success">{notice}</p> : null}</div>;
}
