import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { adminPackUpdateSchema, type AdminPackDetail } from '@gacha/contract/admin';
import {
  endPackRoute,
  packDetailRoute,
  pausePackRoute,
  publishPackRoute,
  updatePackRoute,
} from '@gacha/contract/routes/admin-catalogue';
import { DeleteDraft } from '../../components/delete-draft.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FormMessage } from '../../components/form-field.tsx';
import { call, isOk, unwrap } from '../../lib/api.ts';
import { formatJst, formatNumber } from '../../lib/format.ts';
import { catalogue, schemaResolver, useApiForm, useSubmit } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { PACK_FIELDS, PackFields, packPayload, packValues, type PackValues } from './pack-form.tsx';
import { PackPictures } from './pack-pictures.tsx';
import { PackRoom } from './pack-room.tsx';
import { PackStateBadge } from './packs-page.tsx';
import { PackVideos } from './pack-videos.tsx';
import { packKey, packsKey, packState } from './pack-state.ts';
import { PackSummary, usePackSummary } from './pack-summary.tsx';
import { PrizesEditor } from './prizes-editor.tsx';
import { TableWrap } from '../../components/table-wrap.tsx';
import { TableHead } from '@gacha/client/components/table-head';

/** How often the page reads the pack again: the sold counts per prize are live. */
export const LIVE_MS = 5000;

/**
 * /admin/packs/{id}: a pack's state and live sold counts (GET /api/admin/packs/{id}, read every 5 s), its fields
 * (POST /api/admin/packs/{id}; after publishing the price, currency, type, lots and start are fixed and the
 * prizes read-only), a draft's prizes editor, Publish after the summary (GET …/summary, POST …/publish), and for
 * a published pack Pause / Resume and End sale now, and its release room (pack-room.tsx). Every write is there
 * only for catalogue.write.
 */
export function PackPage() {
  const { t } = useTranslation('console');
  const id = Number(useParams().id);
  const location = useLocation();
  const [notice, setNotice] = useState<string | null>(
    (location.state as { notice?: string } | null)?.notice ?? null,
  );
  const detail = useQuery({
    queryKey: packKey(id),
    queryFn: async () => unwrap(await call(packDetailRoute, { params: { id } })),
    refetchInterval: LIVE_MS,
  });

  if (detail.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (detail.isError)
    return (
      <>
        <h1>{t('packs.detailTitle', { id })}</h1>
        <p role="alert">{detail.error.message}</p>
      </>
    );
  return <PackView detail={detail.data} notice={notice} setNotice={setNotice} />;
}

function PackView({
  detail,
  notice,
  setNotice,
}: {
  detail: AdminPackDetail;
  notice: string | null;
  setNotice: (n: string | null) => void;
}) {
  const { t } = useTranslation('console');
  const lang = useLang();
  const can = useCan();
  const canWrite = can('catalogue.write');
  const queryClient = useQueryClient();
  const { pack } = detail;
  const published = pack.status === 'published';
  const state = packState(pack);
  const [dialog, setDialog] = useState<'publish' | 'end' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: packKey(pack.id) });
    await queryClient.invalidateQueries({ queryKey: packsKey });
  };
  const refusal = (res: { message?: string | undefined }) =>
    setActionError(res.message ?? catalogue('server_error'));

  const publish = useSubmit({
    mutationFn: () => call(publishPackRoute, { params: { id: pack.id } }),
    onSuccess: async (res) => {
      setDialog(null);
      if (!isOk(res)) return refusal(res);
      setNotice(t('packs.published', { commitment: res.commitment }));
      await refresh();
    },
    onError: () => setActionError(catalogue('server_error')),
  });
  const end = useSubmit({
    mutationFn: () => call(endPackRoute, { params: { id: pack.id } }),
    onSuccess: async (res) => {
      setDialog(null);
      if (!isOk(res)) return refusal(res);
      setNotice(t('packs.ended'));
      await refresh();
    },
    onError: () => setActionError(catalogue('server_error')),
  });
  const pause = useSubmit({
    mutationFn: (paused: 0 | 1) => call(pausePackRoute, { params: { id: pack.id }, body: { paused } }),
    onSuccess: async (res) => {
      if (!isOk(res)) return refusal(res);
      await refresh();
    },
    onError: () => setActionError(catalogue('server_error')),
  });

  const name = lang === 'ja' ? pack.name_ja : pack.name_en;
  const live = published && state !== 'ended' && state !== 'sold_out';

  return (
    <>
      <div className="page-head">
        <h1>
          {t('packs.detailTitle', { id: pack.id })} · {name}
        </h1>
        <PackStateBadge pack={pack} />
        {canWrite ? (
          <div className="actions">
            {!published ? (
              <button type="button" className="button-primary" onClick={() => setDialog('publish')}>
                {t('packs.publish')}
              </button>
            ) : null}
            {live ? (
              <button
                type="button"
                disabled={pause.isPending}
                onClick={() => pause.send(pack.paused ? 0 : 1)}
              >
                {pack.paused ? t('packs.resume') : t('packs.pause')}
              </button>
            ) : null}
            {published && state !== 'ended' ? (
              <button type="button" className="button-danger" onClick={() => setDialog('end')}>
                {t('packs.endSale')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {notice ? (
        <p className="success" role="status">
          {notice}
        </p>
      ) : null}
      <div role="alert">{actionError ? <p className="form-message">{actionError}</p> : null}</div>

      <section className="panel" aria-labelledby="prizes-title">
        <h2 id="prizes-title">{t('packs.prizes')}</h2>
        <dl className="summary">
          <div>
            <dt>{t('packs.sold')}</dt>
            <dd data-testid="pack-sold">
              {formatNumber(pack.sold_count, lang)} / {formatNumber(pack.total_pack_count, lang)}
            </dd>
          </div>
          <div>
            <dt>{t('packs.price')}</dt>
            <dd>
              {formatNumber(pack.point, lang)}{' '}
              {pack.payment_method === 2 ? t('packs.coins') : t('packs.gems')}
            </dd>
          </div>
          <div>
            <dt>{t('packs.window')}</dt>
            <dd className="small">
              {formatJst(pack.start_at)} – {pack.end_at ? formatJst(pack.end_at) : '—'}
            </dd>
          </div>
          {pack.commitment ? (
            <div>
              <dt>{t('packs.commitment')}</dt>
              <dd className="small mono">{pack.commitment}</dd>
            </div>
          ) : null}
        </dl>
        {published || !canWrite ? (
          <>
            <PrizesTable detail={detail} />
            <p className="field-hint">{t('packs.liveNote')}</p>
          </>
        ) : null}
      </section>

      {!published && canWrite ? (
        <section className="panel">
          <PrizesEditor key={`prizes-${pack.id}`} detail={detail} />
        </section>
      ) : null}

      {!published ? (
        <section className="panel" aria-labelledby="economics-title">
          <h2 id="economics-title">{t('packs.economics')}</h2>
          <PackSummary packId={pack.id} paymentMethod={pack.payment_method} />
        </section>
      ) : null}

      <PackRoom packId={pack.id} startAt={pack.start_at} />

      <PackEditForm
        key={`${pack.id}-${pack.status}`}
        detail={detail}
        onSaved={() => setNotice(t('common.saved'))}
      />

      <PackPictures packId={pack.id} />
      <PackVideos packId={pack.id} />
      {!published ? (
        <DeleteDraft resource="packs" id={pack.id} name={lang === 'ja' ? pack.name_ja : pack.name_en} />
      ) : null}

      {published ? (
        <p>
          <a href={`/pack-detail?packId=${pack.id}`} target="_blank" rel="noopener">
            {t('packs.openShop')}
          </a>
        </p>
      ) : null}

      <PublishDialog
        packId={pack.id}
        paymentMethod={pack.payment_method}
        open={dialog === 'publish'}
        pending={publish.isPending}
        onConfirm={() => publish.send()}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'end'}
        title={t('packs.endTitle')}
        confirmLabel={t('packs.endConfirm')}
        confirmDisabled={end.isPending}
        danger
        onConfirm={() => end.send()}
        onClose={() => setDialog(null)}
      >
        <p>{t('packs.endIntro')}</p>
      </ConfirmDialog>
    </>
  );
}

/** The saved prizes with their live won counts. */
function PrizesTable({ detail }: { detail: AdminPackDetail }) {
  const { t } = useTranslation('console');
  const lang = useLang();
  if (!detail.prizes.length) return <p className="muted">{t('packs.noPrizes')}</p>;
  return (
    <TableWrap label={t('packs.prizes')}>
      <table className="data-table">
        <TableHead
          caption={t('packs.prizes')}
          columns={[
            t('packs.prizeCard'),
            t('cards.rarity'),
            { label: t('packs.prizeQuantity'), className: 'num' },
            { label: t('packs.prizeSold'), className: 'num' },
            { label: t('packs.prizeBuyPoint'), className: 'num' },
            { label: t('packs.prizeNum'), className: 'num' },
            t('packs.prizeShipOnly'),
            t('packs.prizeLastOne'),
          ]}
        />
        <tbody>
          {detail.prizes.map((p) => (
            <tr key={p.id}>
              <td className="name-cell">
                #{p.card_id} {p.name_en}
              </td>
              <td>{p.rarity}</td>
              <td className="num">{formatNumber(p.quantity, lang)}</td>
              <td className="num" data-testid={`prize-sold-${p.id}`}>
                {formatNumber(p.sold, lang)}
              </td>
              <td className="num">{formatNumber(p.buy_point, lang)}</td>
              <td className="num">{p.num}</td>
              <td>{p.ship_only ? t('common.yes') : t('common.no')}</td>
              <td>{p.is_last_one ? t('common.yes') : t('common.no')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function PackEditForm({ detail, onSaved }: { detail: AdminPackDetail; onSaved: () => void }) {
  const { t } = useTranslation('console');
  const can = useCan();
  const canWrite = can('catalogue.write');
  const queryClient = useQueryClient();
  const { pack } = detail;
  const published = pack.status === 'published';
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<PackValues, { id: number }>({
    defaultValues: packValues(pack),
    resolver: schemaResolver<PackValues>(adminPackUpdateSchema, (v) => packPayload(v, published)),
    send: (v) => call(updatePackRoute, { params: { id: pack.id }, body: packPayload(v, published) }),
    fields: PACK_FIELDS,
    onSuccess: async (_res, values) => {
      form.reset(values);
      onSaved();
      await queryClient.invalidateQueries({ queryKey: packKey(pack.id) });
      await queryClient.invalidateQueries({ queryKey: packsKey });
    },
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="panel" aria-label={t('packs.fields')}>
      {published ? <p className="note">{t('packs.lockedNote')}</p> : null}
      {!canWrite ? <p className="note note-warn">{t('common.readOnly')}</p> : null}
      <FormMessage message={formMessage} />
      <PackFields form={form} locked={published} readOnly={!canWrite} />
      {canWrite ? (
        <div className="actions">
          <button type="submit" className="button-primary" disabled={pending}>
            {t('common.save')}
          </button>
          <Link to="/packs">{t('common.back')}</Link>
        </div>
      ) : null}
    </form>
  );
}

/** Publish: the summary of what will be sold first (GET …/summary), then the confirmation. */
function PublishDialog({
  packId,
  paymentMethod,
  open,
  pending,
  onConfirm,
  onClose,
}: {
  packId: number;
  paymentMethod: number;
  open: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('console');
  const summary = usePackSummary(packId, open);
  return (
    <ConfirmDialog
      open={open}
      title={t('packs.publishTitle')}
      confirmLabel={t('packs.publishConfirm')}
      confirmDisabled={pending || !summary.data?.ready}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{t('packs.publishIntro')}</p>
      {open ? <PackSummary packId={packId} paymentMethod={paymentMethod} /> : null}
    </ConfirmDialog>
  );
}
