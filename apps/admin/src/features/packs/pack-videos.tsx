import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPackVideoSchema, type adminPackVideoListSchema } from '@gacha/contract/admin-shop';
import {
  addPackVideoRoute,
  deletePackVideoRoute,
  packVideosRoute,
} from '@gacha/contract/routes/admin-catalogue';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { call, isOk, unwrap } from '../../lib/api.ts';
import { formatNumber } from '../../lib/format.ts';
import { catalogue, schemaMessages, useSubmit } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import styles from './pack-media.module.css';
import { column } from '../../components/columns.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { Options } from '@gacha/client/components/options';

/** What the server takes (catalogue-routes.ts decodeVideo): an MP4 or a WebM of at most 20 MB. */
export const MAX_VIDEO_BYTES = 20 * 1024 * 1024;
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
const RARITIES = [1, 2, 3, 4, 5, 6, 7] as const;

export const packVideosKey = (id: number) => ['admin', 'pack-videos', id] as const;

type PackVideo = z.infer<typeof adminPackVideoListSchema>['list'][number];
type VideoCheck = { ok: true; dataUrl: string } | { ok: false; reason: 'not_video' | 'too_large' };

/** The video type of a file: its own, or its name's when the browser gives none. */
function videoType(file: File): string {
  if (file.type) return file.type;
  const ext = /\.(mp4|webm)$/i.exec(file.name)?.[1]?.toLowerCase();
  return ext ? `video/${ext}` : '';
}

/** A chosen file as a video data URL, or why it is refused (checked before it is read or sent). */
export async function readVideo(file: File): Promise<VideoCheck> {
  const type = videoType(file);
  if (!(VIDEO_TYPES as readonly string[]).includes(type)) return { ok: false, reason: 'not_video' };
  if (file.size > MAX_VIDEO_BYTES) return { ok: false, reason: 'too_large' };
  const read = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
  // the data URL names the type the server checks the content against
  return { ok: true, dataUrl: read.replace(/^data:[^;,]*/, `data:${type}`) };
}

/** 1.5 MB, 820 KB. */
export function formatBytes(bytes: number, lang: string): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(mb)} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), lang)} KB`;
}

/**
 * /admin/packs/{id}, Opening videos: the pack's own videos (GET /api/admin/packs/{id}/videos), each for a rarity
 * (1–7) and a movie style or any, with its type, size and a small player; an upload (POST …/videos {rarity,
 * movie_style, video}, an MP4 or WebM of at most 20 MB, checked here before it is sent and again by the server)
 * and a removal after a confirmation (POST /api/admin/pack-videos/{id}/delete). Writes only for
 * catalogue.write.
 */
export function PackVideos({ packId }: { packId: number }) {
  const { t } = useTranslation('console');
  const lang = useLang();
  const can = useCan();
  const canWrite = can('catalogue.write');
  const queryClient = useQueryClient();
  const titleId = useId();
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PackVideo | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const videos = useQuery({
    queryKey: packVideosKey(packId),
    queryFn: async () => unwrap(await call(packVideosRoute, { params: { id: packId } })).list,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: packVideosKey(packId) });

  const remove = useSubmit({
    mutationFn: (id: number) => call(deletePackVideoRoute, { params: { id } }),
    onSuccess: async (res) => {
      setRemoving(null);
      if (!isOk(res)) {
        setRemoveError(res.message ?? catalogue('server_error'));
        return;
      }
      setNotice(t('packs.videos.removed'));
      await refresh();
    },
    onError: () => {
      setRemoving(null);
      setRemoveError(catalogue('server_error'));
    },
  });

  const any = t('packs.videos.any');
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('packs.videos.title')}</h2>
      <p className="field-hint">{t('packs.videos.intro')}</p>
      {notice ? (
        <p className="success" role="status">
          {notice}
        </p>
      ) : null}
      <div role="alert">{removeError ? <p className="form-message">{removeError}</p> : null}</div>
      {videos.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {videos.isError ? <p role="alert">{videos.error.message}</p> : null}
      {videos.data && !videos.data.length ? <p className="muted">{t('packs.videos.none')}</p> : null}
      {videos.data?.length ? (
        <ListTable<PackVideo>
          rows={videos.data}
          caption={t('packs.videos.title')}
          columns={[
            column('rarity', t('packs.videos.rarity'), (v) =>
              v.rarity === null ? any : t('packs.rarityShort', { rarity: v.rarity }),
            ),
            column('style', t('packs.videos.movieStyle'), (v) =>
              v.movie_style === null ? any : v.movie_style,
            ),
            column('type', t('packs.videos.type'), (v) => (
              <span className="mono small">{v.content_type}</span>
            )),
            column('size', t('packs.videos.size'), (v) => formatBytes(v.byte_size, lang), 'num nowrap'),
            column('preview', t('packs.videos.preview'), (v) => (
              <video
                className={styles.player}
                src={v.url}
                controls
                muted
                playsInline
                preload="metadata"
                aria-label={t('packs.videos.player', { id: v.id })}
              />
            )),
            ...(canWrite
              ? [
                  column<PackVideo>(
                    'actions',
                    <span className="visually-hidden">{t('packs.videos.actions')}</span>,
                    (v) => (
                      <button
                        type="button"
                        className="button-danger"
                        aria-label={t('packs.videos.removeN', { id: v.id })}
                        onClick={() => {
                          setRemoveError(null);
                          setNotice(null);
                          setRemoving(v);
                        }}
                      >
                        {t('packs.videos.remove')}
                      </button>
                    ),
                  ),
                ]
              : []),
          ]}
        />
      ) : null}

      {canWrite ? (
        <VideoUpload
          packId={packId}
          onAdded={async () => {
            setNotice(t('packs.videos.added'));
            setRemoveError(null);
            await refresh();
          }}
          onEdit={() => setNotice(null)}
        />
      ) : null}

      <ConfirmDialog
        open={removing !== null}
        title={t('packs.videos.removeTitle')}
        confirmLabel={t('packs.videos.removeConfirm')}
        confirmDisabled={remove.isPending}
        danger
        onConfirm={() => removing && remove.send(removing.id)}
        onClose={() => setRemoving(null)}
      >
        {removing ? (
          <p>
            {t('packs.videos.removeIntro', {
              rarity: removing.rarity === null ? any : t('packs.rarityShort', { rarity: removing.rarity }),
              style: removing.movie_style === null ? any : removing.movie_style,
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

type UploadErrors = Partial<Record<'rarity' | 'movie_style' | 'video', string>>;

function VideoUpload({
  packId,
  onAdded,
  onEdit,
}: {
  packId: number;
  onAdded: () => Promise<void>;
  onEdit: () => void;
}) {
  const { t } = useTranslation('console');
  const id = useId();
  const [rarity, setRarity] = useState('');
  const [movieStyle, setMovieStyle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<UploadErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const focusField = (field: string) =>
    (document.getElementById(`${id}-${field}`) as HTMLElement | null)?.focus();

  const upload = useSubmit({
    mutationFn: (payload: { rarity: number | null; movie_style: number | null; video: string }) =>
      call(addPackVideoRoute, { params: { id: packId }, body: payload }),
    onSuccess: async (res) => {
      if (isOk(res)) {
        setFile(null);
        setFileKey((k) => k + 1);
        setRarity('');
        setMovieStyle('');
        await onAdded();
        return;
      }
      const placed: UploadErrors = {};
      for (const [field, list] of Object.entries(res.errors ?? {}))
        if ((field === 'rarity' || field === 'movie_style' || field === 'video') && Array.isArray(list))
          placed[field] ??= String(list[0] ?? '');
      setErrors(placed);
      if (!Object.keys(placed).length) setMessage(res.message ?? catalogue('server_error'));
      else focusField(Object.keys(placed)[0]!);
    },
    onError: () => setMessage(catalogue('server_error')),
  });

  const fileError = (f: File | null): string | undefined => {
    if (!f) return t('packs.videos.chooseFile');
    if (!(VIDEO_TYPES as readonly string[]).includes(videoType(f))) return t('packs.videos.notVideo');
    if (f.size > MAX_VIDEO_BYTES) return t('packs.videos.tooLarge');
    return undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const payload = {
      rarity: rarity === '' ? null : Number(rarity),
      movie_style: movieStyle.trim() === '' ? null : Number(movieStyle),
      video: '',
    };
    const found: UploadErrors = {};
    const schema = schemaMessages(adminPackVideoSchema.omit({ video: true }), {
      rarity: payload.rarity,
      movie_style: payload.movie_style,
    });
    if (schema.rarity) found.rarity = schema.rarity;
    if (schema.movie_style) found.movie_style = schema.movie_style;
    const bad = fileError(file);
    if (bad) found.video = bad;
    setErrors(found);
    const first = (['rarity', 'movie_style', 'video'] as const).find((f) => found[f]);
    if (first) return focusField(first);
    const checked = await readVideo(file!);
    if (!checked.ok) {
      setErrors({
        video: checked.reason === 'too_large' ? t('packs.videos.tooLarge') : t('packs.videos.notVideo'),
      });
      return focusField('video');
    }
    upload.send({ ...payload, video: checked.dataUrl });
  };

  const described = (field: keyof UploadErrors, hint?: string) => {
    const ids = [hint, errors[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' ');
    return {
      id: `${id}-${field}`,
      name: field,
      'aria-invalid': !!errors[field],
      ...(ids ? { 'aria-describedby': ids } : {}),
    };
  };
  const error = (field: keyof UploadErrors) =>
    errors[field] ? (
      <p className="field-error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('packs.videos.upload')}>
      <h3>{t('packs.videos.upload')}</h3>
      <div role="alert">{message ? <p className="form-message">{message}</p> : null}</div>
      <div className={styles.upload}>
        <div className="field">
          <label htmlFor={`${id}-rarity`}>{t('packs.videos.rarity')}</label>
          <select
            {...described('rarity')}
            value={rarity}
            disabled={upload.isPending}
            onChange={(e) => {
              onEdit();
              setRarity(e.target.value);
            }}
          >
            <option value="">{t('packs.videos.anyRarity')}</option>
            <Options of={RARITIES} label={(r) => t('packs.rarityShort', { rarity: r })} />
          </select>
          {error('rarity')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-movie_style`}>{t('packs.videos.movieStyle')}</label>
          <input
            {...described('movie_style', `${id}-style-hint`)}
            type="number"
            inputMode="numeric"
            min={0}
            max={99}
            value={movieStyle}
            disabled={upload.isPending}
            placeholder={t('packs.videos.any')}
            onChange={(e) => {
              onEdit();
              setMovieStyle(e.target.value);
            }}
          />
          <p className="field-hint" id={`${id}-style-hint`}>
            {t('packs.videos.movieStyleHint')}
          </p>
          {error('movie_style')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-video`}>{t('packs.videos.file')}</label>
          <input
            key={fileKey}
            {...described('video', `${id}-file-hint`)}
            type="file"
            accept="video/mp4,video/webm,.mp4,.webm"
            disabled={upload.isPending}
            onChange={(e) => {
              onEdit();
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              setMessage(null);
              // said at once, not only on upload
              const bad = chosen ? fileError(chosen) : undefined;
              setErrors(({ video: _, ...rest }) => (bad ? { ...rest, video: bad } : rest));
            }}
          />
          <p className="field-hint" id={`${id}-file-hint`}>
            {t('packs.videos.fileHint')}
          </p>
          {error('video')}
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="button-primary" disabled={upload.isPending}>
          {upload.isPending ? t('packs.videos.uploading') : t('packs.videos.uploadButton')}
        </button>
      </div>
    </form>
  );
}
