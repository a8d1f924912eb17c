import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPackImagesSchema } from '@gacha/contract/admin-shop';
import { packDetailRoute, packImagesRoute } from '@gacha/contract/routes/admin-catalogue';
import { call, isOk, unwrap } from '../../lib/api.ts';
import { catalogue, useSubmit } from '../../lib/forms.ts';
import { readImage } from '../../lib/image-file.ts';
import { useCan } from '../../lib/me.ts';
import styles from './pack-media.module.css';

/** The carousel holds at most this many pictures (adminPackImagesSchema). */
export const MAX_PICTURES = 8;

export const packPicturesKey = (id: number) => ['admin', 'pack-pictures', id] as const;

export interface SavedPictures {
  images: string[];
  banner: string;
}

/** A pack's pictures as stored (the console's pack detail carries them). */
export async function fetchPackPictures(packId: number): Promise<SavedPictures> {
  const { pack } = unwrap(await call(packDetailRoute, { params: { id: packId } }));
  return { images: pack.images, banner: pack.banner_image };
}

/** One carousel picture: a stored one (its path) or a new upload (a data URL) not saved yet. */
interface Picture {
  key: string;
  src: string;
  isNew: boolean;
}

type Errors = Record<string, string>;
const BANNER = 'banner';

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;
const savedList = (saved: SavedPictures): Picture[] =>
  saved.images.map((src, i) => ({ key: `saved-${i}`, src, isNew: false }));

/**
 * The picture a complaint names: the server's `image1`…`image8` (the place in the list sent) and `banner_image`,
 * or the schema's `images.0`… checked in the browser first.
 */
function pictureOf(sent: Picture[], field: string): string | undefined {
  if (field === 'banner_image') return BANNER;
  const server = /^image([1-9])$/.exec(field);
  if (server) return sent[Number(server[1]) - 1]?.key;
  const schema = /^images\.(\d+)$/.exec(field);
  if (schema) return sent[Number(schema[1])]?.key;
  return undefined;
}

/**
 * /admin/packs/{id}, Pictures: the carousel pictures of the pack page in order (up to 8: move earlier or later,
 * remove, add from files with a preview) and the banner of the Top page and the lists. Saved together by
 * POST /api/admin/packs/{id}/images {images, banner_image}: a kept picture goes back as its path, a new one as a
 * data URL (the server checks and re-encodes it). Allowed during the sale too. The server's refusal of one
 * picture (`image1`…`image8`, `banner_image`) is shown on that picture. Only for catalogue.write; others see the
 * pictures.
 */
export function PackPictures({ packId }: { packId: number }) {
  const { t } = useTranslation('console');
  const titleId = useId();
  const [notice, setNotice] = useState<string | null>(null);
  const saved = useQuery({
    queryKey: packPicturesKey(packId),
    queryFn: () => fetchPackPictures(packId),
    // staff edit a copy of it: a refetch must not throw their changes away
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('packs.pictures.title')}</h2>
      {notice ? (
        <p className="success" role="status">
          {notice}
        </p>
      ) : null}
      {saved.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {saved.isError ? <p role="alert">{saved.error.message}</p> : null}
      {saved.data ? (
        <PicturesEditor
          key={JSON.stringify(saved.data)}
          packId={packId}
          saved={saved.data}
          onSaved={() => setNotice(t('packs.pictures.saved'))}
          onEdit={() => setNotice(null)}
        />
      ) : null}
    </section>
  );
}

function PicturesEditor({
  packId,
  saved,
  onSaved,
  onEdit,
}: {
  packId: number;
  saved: SavedPictures;
  onSaved: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation(['console', 'shop']);
  const can = useCan();
  const canWrite = can('catalogue.write');
  const queryClient = useQueryClient();
  const [pictures, setPictures] = useState<Picture[]>(() => savedList(saved));
  const [banner, setBanner] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const [addKey, setAddKey] = useState(0);
  const [bannerKey, setBannerKey] = useState(0);
  const addId = useId();
  const bannerId = useId();

  const dirty =
    banner !== '' ||
    pictures.length !== saved.images.length ||
    pictures.some((p, i) => p.src !== saved.images[i]);
  const full = pictures.length >= MAX_PICTURES;

  const edit = (next: Picture[]) => {
    onEdit();
    setMessage(null);
    setPictures(next);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= pictures.length) return;
    const next = [...pictures];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    edit(next);
  };
  const remove = (index: number) => {
    const gone = pictures[index]!;
    setErrors(({ [gone.key]: _, ...rest }) => rest);
    edit(pictures.filter((_, i) => i !== index));
  };
  const add = async (files: File[]) => {
    setAddError(null);
    const room = MAX_PICTURES - pictures.length;
    const added: Picture[] = [];
    const refused: string[] = [];
    for (const file of files.slice(0, room)) {
      const checked = await readImage(file);
      if (checked.ok) added.push({ key: newKey(), src: checked.dataUrl, isNew: true });
      else
        refused.push(
          `${file.name}: ${checked.reason === 'too_large' ? t('shop:image.tooLarge') : t('shop:image.notImage')}`,
        );
    }
    if (files.length > room) refused.push(t('packs.pictures.notAdded', { count: files.length - room }));
    if (refused.length) setAddError(refused.join(' '));
    setAddKey((k) => k + 1);
    if (added.length) edit([...pictures, ...added]);
  };
  const chooseBanner = async (file: File | undefined) => {
    setErrors(({ [BANNER]: _, ...rest }) => rest);
    if (!file) return;
    const checked = await readImage(file);
    if (!checked.ok) {
      setErrors((e) => ({
        ...e,
        [BANNER]: checked.reason === 'too_large' ? t('shop:image.tooLarge') : t('shop:image.notImage'),
      }));
      return;
    }
    onEdit();
    setMessage(null);
    setBanner(checked.dataUrl);
  };
  const discard = () => {
    setPictures(savedList(saved));
    setBanner('');
    setErrors({});
    setMessage(null);
    setAddError(null);
    setAddKey((k) => k + 1);
    setBannerKey((k) => k + 1);
  };

  /** Shows the refusals on their pictures, any other complaint above, and focuses the first refused picture. */
  const showErrors = (shown: Picture[], found: Errors, other: string | null) => {
    setErrors(found);
    const count = Object.keys(found).length;
    setMessage(other ?? (count ? t('packs.pictures.refused', { count }) : null));
    const first = [...shown.map((p) => p.key), BANNER].find((k) => found[k]);
    if (first) document.getElementById(`${addId}-${first}`)?.focus();
  };
  /** Puts `text` on the picture `field` names (its first message only); false when it names none. */
  const place = (sent: Picture[], found: Errors, field: string, text: string) => {
    const target = pictureOf(sent, field);
    if (target && !found[target]) found[target] = text;
    return target !== undefined;
  };

  const save = useSubmit({
    mutationFn: (sent: { list: Picture[]; payload: { images: string[]; banner_image: string } }) =>
      call(packImagesRoute, { params: { id: packId }, body: sent.payload }),
    onSuccess: async (res, sent) => {
      if (isOk(res)) {
        onSaved();
        await queryClient.invalidateQueries({ queryKey: packPicturesKey(packId) });
        return;
      }
      const found: Errors = {};
      let other: string | null = null;
      for (const [field, list] of Object.entries(res.errors ?? {})) {
        const text = Array.isArray(list) && list.length ? String(list[0]) : '';
        if (!text) continue;
        if (!place(sent.list, found, field, text)) other ??= text;
      }
      if (!Object.keys(found).length) other ??= res.message ?? catalogue('server_error');
      showErrors(sent.list, found, other);
    },
    onError: () => setMessage(catalogue('server_error')),
  });

  const submit = () => {
    const payload = { images: pictures.map((p) => p.src), banner_image: banner || saved.banner };
    const parsed = adminPackImagesSchema.safeParse(payload);
    if (!parsed.success) {
      const found: Errors = {};
      let other: string | null = null;
      for (const issue of parsed.error.issues) {
        const field = issue.path.map(String).join('.');
        const params: Record<string, number> = 'maximum' in issue ? { max: Number(issue.maximum) } : {};
        const text = catalogue(issue.message, params);
        if (!place(pictures, found, field, text)) other ??= text;
      }
      showErrors(pictures, found, other);
      return;
    }
    setErrors({});
    setMessage(null);
    save.send({ list: pictures, payload });
  };

  const focusable = (key: string) => ({ id: `${addId}-${key}`, tabIndex: -1 });

  return (
    <>
      <div role="alert">{message ? <p className="form-message">{message}</p> : null}</div>
      <h3>{t('packs.pictures.carousel')}</h3>
      <p className="field-hint">{t('packs.pictures.carouselHint', { max: MAX_PICTURES })}</p>
      {pictures.length ? (
        <ol className={styles.pictures} aria-label={t('packs.pictures.carousel')}>
          {pictures.map((p, i) => {
            const n = i + 1;
            const error = errors[p.key];
            return (
              <li
                key={p.key}
                className={`${styles.picture}${error ? ` ${styles.invalid}` : ''}`}
                data-testid="pack-picture"
                {...focusable(p.key)}
                {...(error ? { 'aria-describedby': `${addId}-${p.key}-error` } : {})}
              >
                <img className={styles.square} src={p.src} alt={t('packs.pictures.pictureN', { n })} />
                <p className={styles.caption}>
                  <span className={styles.position}>{n}</span>
                  {p.isNew ? (
                    <span className={styles.newTag}>{t('packs.pictures.new')}</span>
                  ) : (
                    <span className="muted">{t('packs.pictures.stored')}</span>
                  )}
                </p>
                {error ? (
                  <p className="field-error" id={`${addId}-${p.key}-error`}>
                    {error}
                  </p>
                ) : null}
                {canWrite ? (
                  <div className={styles.tools}>
                    <button
                      type="button"
                      aria-label={t('packs.pictures.earlierN', { n })}
                      title={t('packs.pictures.earlier')}
                      disabled={i === 0 || save.isPending}
                      onClick={() => move(i, i - 1)}
                    >
                      ←
                    </button>
                    <button
                      type="button"
                      aria-label={t('packs.pictures.laterN', { n })}
                      title={t('packs.pictures.later')}
                      disabled={i === pictures.length - 1 || save.isPending}
                      onClick={() => move(i, i + 1)}
                    >
                      →
                    </button>
                    <button
                      type="button"
                      className="button-danger"
                      aria-label={t('packs.pictures.removeN', { n })}
                      disabled={save.isPending}
                      onClick={() => remove(i)}
                    >
                      {t('packs.pictures.remove')}
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="muted">{t('packs.pictures.none')}</p>
      )}
      {canWrite ? (
        <div className="field">
          <label htmlFor={addId}>{t('packs.pictures.add')}</label>
          <input
            key={addKey}
            id={addId}
            type="file"
            multiple
            accept="image/png,image/jpeg,image/webp,image/gif"
            disabled={full || save.isPending}
            aria-describedby={`${addId}-hint${addError ? ` ${addId}-add-error` : ''}`}
            onChange={(e) => void add(Array.from(e.target.files ?? []))}
          />
          <p className="field-hint" id={`${addId}-hint`}>
            {full
              ? t('packs.pictures.full', { max: MAX_PICTURES })
              : t('packs.pictures.addHint', { left: MAX_PICTURES - pictures.length })}
          </p>
          {addError ? (
            <p className="field-error" id={`${addId}-add-error`}>
              {addError}
            </p>
          ) : null}
        </div>
      ) : null}

      <h3>{t('packs.pictures.banner')}</h3>
      <p className="field-hint">{t('packs.pictures.bannerHint')}</p>
      <div
        className={`${styles.bannerRow}${errors[BANNER] ? ` ${styles.invalid}` : ''}`}
        {...focusable(BANNER)}
      >
        <figure className={styles.figure}>
          {saved.banner ? (
            <img className={styles.wide} src={saved.banner} alt={t('packs.pictures.bannerCurrent')} />
          ) : (
            <div className={`${styles.wide} ${styles.empty}`}>{t('shop:image.none')}</div>
          )}
          <figcaption>{t('packs.pictures.bannerCurrent')}</figcaption>
        </figure>
        {banner ? (
          <figure className={styles.figure}>
            <img className={styles.wide} src={banner} alt={t('packs.pictures.bannerNew')} />
            <figcaption>
              <span className={styles.newTag}>{t('packs.pictures.bannerNew')}</span>{' '}
              {canWrite ? (
                <button
                  type="button"
                  className="button-link"
                  disabled={save.isPending}
                  onClick={() => {
                    setBanner('');
                    setErrors(({ [BANNER]: _, ...rest }) => rest);
                    setBannerKey((k) => k + 1);
                  }}
                >
                  {t('shop:image.keep')}
                </button>
              ) : null}
            </figcaption>
          </figure>
        ) : null}
      </div>
      {canWrite ? (
        <div className="field">
          <label htmlFor={bannerId}>{t('packs.pictures.bannerChoose')}</label>
          <input
            key={bannerKey}
            id={bannerId}
            name="banner_image"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            disabled={save.isPending}
            aria-invalid={!!errors[BANNER]}
            {...(errors[BANNER] ? { 'aria-describedby': `${bannerId}-error` } : {})}
            onChange={(e) => void chooseBanner(e.target.files?.[0])}
          />
        </div>
      ) : null}
      {errors[BANNER] ? (
        <p className="field-error" id={`${bannerId}-error`}>
          {errors[BANNER]}
        </p>
      ) : null}

      {canWrite ? (
        <div className="actions">
          <button
            type="button"
            className="button-primary"
            disabled={!dirty || save.isPending}
            onClick={submit}
          >
            {save.isPending ? t('packs.pictures.saving') : t('packs.pictures.save')}
          </button>
          {dirty ? (
            <button type="button" disabled={save.isPending} onClick={discard}>
              {t('packs.pictures.discard')}
            </button>
          ) : null}
          {dirty ? <span className="muted small">{t('packs.pictures.unsaved')}</span> : null}
        </div>
      ) : null}
    </>
  );
}
