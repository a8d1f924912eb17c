import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { POST_MAX_CHARS, POST_MAX_IMAGES, postSaveSchema, type PostSaveInput } from '@gacha/contract/board';
import { AlertModal } from '../../../components/alert-modal.tsx';
import { FormAlert, TextAreaField } from '../../../components/form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { firstError, State } from '../../../lib/api.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { schemaResolver, showServerErrors } from '../../../lib/messages-resolver.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { newRequestId } from '../../../lib/request-id.ts';
import { useSubmit } from '@gacha/client/use-submit';
import { myPostsKey, savePost } from '../api/board.ts';
import {
  checkHeld,
  checkPicked,
  formatBytes,
  POST_IMAGE_TYPES,
  readAsDataUrl,
  type PickedImage,
} from '../post-images.ts';
import styles from './record-board.module.css';

interface PostValues {
  content: string;
  images: PickedImage[];
}

const toPayload = (v: PostValues): PostSaveInput => ({
  content: v.content,
  images: v.images.map((i) => i.dataUrl),
});

/** The server's per-image error fields, in the order of the images. */
const IMAGE_FIELDS = Array.from({ length: POST_MAX_IMAGES }, (_, i) => `image${i + 1}`);

let pickCount = 0;

/**
 * A new post (spec §2 Top, §3 Post, §5): a comment (at most POST_MAX_CHARS characters) and up to 3 images, each
 * read as a data URL and previewed in a box of its own size, with its pixel size once decoded. The count, the type
 * and the 5 MB limit are checked as files are chosen and again before sending; removing an image asks first.
 * POST /user/post/save {content, images, request_id}: one request id per submit (kept for a retry after no
 * answer), so a double submit is one post; the server's errors go to the comment, the image picker, each image
 * (image1…image3) or above the form (the daily limit, errors.user); success shows the server's message.
 */
export function PostForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('board');
  const msg = useCatalogue();
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const requestId = useRef<string | null>(null);
  const pickId = useId();
  const [formMessage, setFormMessage] = useState<ReactNode>(null);
  // a message above the form comes into view (the Post button is at its bottom)
  useEffect(() => {
    if (formMessage) formRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [formMessage]);
  const [imageErrors, setImageErrors] = useState<(string | undefined)[]>([]);
  const [removing, setRemoving] = useState<{ image: PickedImage; n: number } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const form = useForm<PostValues>({
    defaultValues: { content: '', images: [] },
    resolver: schemaResolver<PostValues>(postSaveSchema, toPayload, (v) => {
      const refusal = checkHeld(v.images);
      return refusal ? { images: msg(refusal) } : {};
    }),
    shouldFocusError: false,
  });
  const { register, setValue, getValues, setError, clearErrors, watch, formState } = form;
  const { errors } = formState;
  const images = watch('images');
  const content = watch('content');

  // an edited post is a new request; the same post sent again after no answer keeps its id
  useEffect(() => {
    const sub = watch(() => {
      requestId.current = null;
    });
    return () => sub.unsubscribe();
  }, [watch]);

  useEffect(() => {
    formRef.current?.querySelector('textarea')?.focus();
  }, []);

  const save = useSubmit({
    mutationFn: (values: PostValues) =>
      savePost({ ...toPayload(values), request_id: requestId.current ?? newRequestId() }),
    onSuccess: (res) => {
      requestId.current = null;
      if (res.state === State.ok) {
        setDone(res.message);
        form.reset({ content: '', images: [] });
        setImageErrors([]);
        void queryClient.invalidateQueries({ queryKey: myPostsKey });
        return;
      }
      const perImage = IMAGE_FIELDS.map((f) => firstError(res.errors, f));
      setImageErrors(perImage);
      const placed = showServerErrors(formRef.current, res.errors, setError, ['content', 'images']);
      const above = firstError(res.errors, 'user');
      if (above) setFormMessage(above);
      else if (res.state === State.notLoggedIn) {
        setFormMessage(
          <>
            {res.message ?? msg('not_logged_in')} <Link to="/login">{t('form.login')}</Link>
          </>,
        );
      } else if (!placed && !perImage.some(Boolean)) {
        setFormMessage(res.message ?? Object.values(res.errors ?? {})[0]?.[0] ?? msg('server_error'));
      }
      if (!placed) {
        const first = perImage.findIndex(Boolean);
        if (first >= 0) focusFirstError(formRef.current, { [IMAGE_FIELDS[first]!]: true });
      }
    },
    onError: () => setFormMessage(msg('server_error')),
  });

  const onSubmit = form.handleSubmit(
    (values) => {
      setFormMessage(null);
      setImageErrors([]);
      requestId.current ??= newRequestId();
      save.send(values);
    },
    (invalid) => focusFirstError(formRef.current, invalid),
  );

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = ''; // the same file can be chosen again after removing it
    if (!files.length) return;
    const { accepted, refusal } = checkPicked(files, getValues('images').length);
    if (refusal) setError('images', { type: 'pick', message: msg(refusal) });
    else clearErrors('images');
    if (!accepted.length) return;
    setReading(true);
    try {
      const read = await Promise.all(
        accepted.map(async (file) => ({
          key: `pick-${++pickCount}`,
          name: file.name,
          bytes: file.size,
          dataUrl: await readAsDataUrl(file),
        })),
      );
      setValue('images', [...getValues('images'), ...read].slice(0, POST_MAX_IMAGES));
      setImageErrors([]);
    } catch {
      setError('images', { type: 'pick', message: msg('image_invalid') });
    } finally {
      setReading(false);
    }
  };

  const onDecoded = (key: string, width: number, height: number) => {
    setValue(
      'images',
      getValues('images').map((i) => (i.key === key ? { ...i, width, height } : i)),
    );
  };

  const remove = (key: string) => {
    setValue(
      'images',
      getValues('images').filter((i) => i.key !== key),
    );
    setImageErrors([]);
    clearErrors('images');
    setRemoving(null);
    // the removed image's button is gone: the picker takes the focus
    requestAnimationFrame(() => fileRef.current?.focus());
  };

  const full = images.length >= POST_MAX_IMAGES;
  const pickError = errors.images?.message;

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${pickId}-title`}
    >
      <div>
        <h3 id={`${pickId}-title`} className={styles.formTitle}>
          {t('form.title')}
        </h3>
        <p className={styles.formLead}>{t('form.lead')}</p>
      </div>
      {formMessage && <FormAlert>{formMessage}</FormAlert>}
      <TextAreaField
        label={t('form.content')}
        required
        rows={5}
        maxLength={POST_MAX_CHARS}
        hint={t('form.count', { count: content.length, max: POST_MAX_CHARS })}
        error={errors.content?.message}
        {...register('content')}
      />

      <fieldset className={styles.images}>
        <legend className={styles.imagesLegend}>
          {t('form.images')} <span className={styles.optional}>{t('form.optional')}</span>
        </legend>
        <p id={`${pickId}-hint`} className={styles.hint}>
          {t('form.imagesHint', { max: POST_MAX_IMAGES })}
        </p>
        {images.length > 0 && (
          <ul className={styles.previews}>
            {images.map((image, i) => {
              const error = imageErrors[i];
              const n = i + 1;
              return (
                <li key={image.key} className={`${styles.preview} ${error ? styles.previewInvalid : ''}`}>
                  <span className={styles.previewBox}>
                    <img
                      src={image.dataUrl}
                      alt={t('form.preview', { n, name: image.name })}
                      className={styles.previewImg}
                      onLoad={(e) => {
                        const { naturalWidth: w, naturalHeight: h } = e.currentTarget;
                        if (w && h && (w !== image.width || h !== image.height)) onDecoded(image.key, w, h);
                      }}
                    />
                  </span>
                  <span className={`num ${styles.previewMeta}`}>
                    <span>
                      {image.width && image.height
                        ? t('form.dimensions', { width: image.width, height: image.height })
                        : '\u00a0'}
                    </span>
                    <span>{formatBytes(image.bytes)}</span>
                  </span>
                  <button
                    type="button"
                    name={IMAGE_FIELDS[i]}
                    className={styles.removeButton}
                    onClick={() => setRemoving({ image, n })}
                    aria-label={t('form.remove', { n })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${pickId}-image${n}-error` : undefined}
                  >
                    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                      <path
                        d="M6 6l12 12M18 6L6 18"
                        stroke="currentColor"
                        strokeWidth="2.4"
                        strokeLinecap="round"
                      />
                    </svg>
                  </button>
                  {error && (
                    <p id={`${pickId}-image${n}-error`} role="alert" className={styles.previewError}>
                      {error}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <div className={styles.picker}>
          <input
            ref={fileRef}
            id={pickId}
            type="file"
            name="images"
            accept={POST_IMAGE_TYPES.join(',')}
            multiple
            className={`visually-hidden ${styles.fileInput}`}
            onChange={(e) => void onPick(e)}
            disabled={full || reading}
            aria-invalid={pickError ? true : undefined}
            aria-describedby={pickError ? `${pickId}-error` : `${pickId}-hint`}
          />
          <label
            htmlFor={pickId}
            className={`btn btn-secondary btn-sm ${styles.pickLabel}`}
            aria-disabled={full || undefined}
          >
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <circle cx="9" cy="10" r="1.6" />
              <path d="M21 16l-5-5-8 8" />
            </svg>
            {t('form.add')}
          </label>
          <span className={`num ${styles.pickCount}`}>
            {t('form.held', { count: images.length, max: POST_MAX_IMAGES })}
          </span>
        </div>
        {pickError && (
          <p id={`${pickId}-error`} role="alert" className={styles.pickError}>
            {pickError}
          </p>
        )}
      </fieldset>

      <div className={styles.formActions}>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('form.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending || reading}>
          {t('form.submit')}
        </button>
      </div>

      <Modal
        open={removing !== null}
        title={t('form.removeTitle')}
        onClose={() => setRemoving(null)}
        footer={
          <>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setRemoving(null)}
              data-autofocus
            >
              {t('form.keep')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => removing && remove(removing.image.key)}
            >
              {t('form.removeConfirm')}
            </button>
          </>
        }
      >
        {removing && <p>{t('form.removeText', { n: removing.n, name: removing.image.name })}</p>}
      </Modal>
      <AlertModal
        open={done !== null}
        title={t('form.doneTitle')}
        onOk={() => {
          setDone(null);
          onClose();
        }}
      >
        {done}
      </AlertModal>
    </form>
  );
}
