import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  adminBannerCreateSchema,
  adminBannerUpdateSchema,
  bannerTones,
  type AdminBannerRow,
} from '@gacha/contract/admin-shop';
import { createBannerRoute, updateBannerRoute } from '@gacha/contract/routes/admin-shop';
import { Options } from '@gacha/client/components/options';
import { DeleteDraft } from '../../components/delete-draft.tsx';
import { FormField, FormMessage } from '../../components/form-field.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { call } from '../../lib/api.ts';
import { fromJstInput, toJstInput } from '../../lib/format.ts';
import { schemaResolver, useApiForm } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { BANNERS_KEY, bannerStatus, useBanner } from './banner-query.ts';
import { BannerPreview } from './banner-preview.tsx';
import styles from './banners.module.css';

type Kind = 'top' | 'alert';

export type BannerValues = {
  kind: Kind;
  slot: string;
  sort: string;
  link_url: string;
  tone: string;
  title_en: string;
  title_ja: string;
  text_en: string;
  text_ja: string;
  cta_en: string;
  cta_ja: string;
  starts_at: string;
  ends_at: string;
  enabled: boolean;
  /** A new desktop / phone picture as a data URL; '' keeps the stored one. */
  image: string;
  sp_image: string;
};

const FIELDS = [
  'kind',
  'slot',
  'sort',
  'link_url',
  'tone',
  'title_en',
  'title_ja',
  'text_en',
  'text_ja',
  'cta_en',
  'cta_ja',
  'starts_at',
  'ends_at',
  'enabled',
  'image',
  'sp_image',
] as const;

/** The tones the shop draws for each kind (banner-slide.tsx, alert-banners.tsx); others look like the first. */
const TONES: Record<Kind, readonly string[]> = { top: ['violet', 'gold', 'pink'], alert: ['info', 'warn'] };

const int = (v: string) => (v.trim() === '' ? undefined : Number(v));
/** A JST datetime-local value as an ISO instant; '' → null (an open end); a non-time → 'invalid' (refused). */
const instant = (v: string) => (v.trim() ? fromJstInput(v) || 'invalid' : null);

/** The form's values as the API takes them (adminBannerCreateSchema); a picture only when one was chosen. */
export function bannerPayload(v: BannerValues) {
  return {
    kind: v.kind,
    slot: int(v.slot),
    sort: int(v.sort),
    link_url: v.link_url,
    tone: v.tone,
    title_en: v.title_en,
    title_ja: v.title_ja,
    text_en: v.text_en,
    text_ja: v.text_ja,
    cta_en: v.cta_en,
    cta_ja: v.cta_ja,
    starts_at: instant(v.starts_at),
    ends_at: instant(v.ends_at),
    enabled: v.enabled ? 1 : 0,
    ...(v.image ? { image: v.image } : {}),
    ...(v.sp_image ? { sp_image: v.sp_image } : {}),
  };
}

function valuesOf(b: AdminBannerRow | null, kind: Kind): BannerValues {
  return {
    kind: b?.kind ?? kind,
    slot: b ? String(b.slot) : '0',
    sort: b ? String(b.sort) : '0',
    link_url: b?.link_url ?? '',
    tone: b?.tone ?? TONES[kind][0]!,
    title_en: b?.title_en ?? '',
    title_ja: b?.title_ja ?? '',
    text_en: b?.text_en ?? '',
    text_ja: b?.text_ja ?? '',
    cta_en: b?.cta_en ?? '',
    cta_ja: b?.cta_ja ?? '',
    starts_at: toJstInput(b?.starts_at),
    ends_at: toJstInput(b?.ends_at),
    enabled: b ? b.enabled === 1 : true,
    image: '',
    sp_image: '',
  };
}

/**
 * /admin/banners/new?kind=top|alert and /admin/banners/{id}: a Top banner or a notice, both languages' texts,
 * tone, link, window (entered in JST, sent as ISO instants), switched on or off, the desktop and phone pictures
 * (previewed before they are sent as data URLs), and a live preview of how the shop will show it.
 */
export function BannerEditPage() {
  const { t } = useTranslation(['shop', 'console']);
  const lang = useLang();
  const { id } = useParams();
  const [params] = useSearchParams();
  const bannerId = id ? Number(id) : null;
  const found = useBanner(bannerId);
  const banner = bannerId !== null ? (found.data ?? null) : null;
  const kind: Kind = params.get('kind') === 'alert' ? 'alert' : 'top';
  const title = bannerId ? t('banners.editTitle', { id: bannerId }) : t(`banners.new.${kind}`);

  const head = (
    <div className="page-head">
      <h1>{title}</h1>
      {banner ? (
        <span className={`status ${banner.live ? 'status-on_sale' : 'status-ended'}`}>
          {t(`banners.statuses.${bannerStatus(banner)}`)}
        </span>
      ) : null}
      <div className="actions">
        <Link to="/banners">{t('banners.backToList')}</Link>
      </div>
    </div>
  );
  if (bannerId !== null && found.isPending) return <p className="loading">{t('console:common.loading')}</p>;
  if (bannerId !== null && !banner)
    return (
      <>
        {head}
        <p role="alert">{found.isError ? found.error.message : t('banners.notFound')}</p>
      </>
    );
  return (
    <>
      {head}
      <BannerForm key={bannerId ?? `new-${kind}`} banner={banner} kind={kind} />
      {banner ? (
        <DeleteDraft
          resource="banners"
          id={banner.id}
          name={lang === 'ja' ? banner.title_ja : banner.title_en}
        />
      ) : null}
    </>
  );
}

export function BannerForm({ banner, kind }: { banner: AdminBannerRow | null; kind: Kind }) {
  const { t } = useTranslation(['shop', 'console']);
  const canWrite = useCan()('catalogue.write');
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<BannerValues, { id: number }>({
    defaultValues: valuesOf(banner, kind),
    resolver: schemaResolver<BannerValues>(
      banner ? adminBannerUpdateSchema : adminBannerCreateSchema,
      bannerPayload,
      {
        // the update schema has no window check of its own (the server checks the stored row)
        extra: (v): Record<string, string> => {
          const out: Record<string, string> = {};
          const s = instant(v.starts_at);
          const e = instant(v.ends_at);
          if (s && e && s !== 'invalid' && e !== 'invalid' && s >= e) out.ends_at = t('common.windowInvalid');
          // a Top banner is its picture: one without would show an empty slide
          if (v.kind === 'top' && !v.image && !banner?.image_url) out.image = t('banners.imageRequired');
          return out;
        },
      },
    ),
    send: (v) =>
      banner
        ? call(updateBannerRoute, { params: { id: banner.id }, body: bannerPayload(v) })
        : call(createBannerRoute, { body: bannerPayload(v) }),
    fields: FIELDS,
    onSuccess: async (res) => {
      await queryClient.invalidateQueries({ queryKey: BANNERS_KEY });
      void navigate('/banners', {
        state: {
          notice: banner ? t('common.savedOne', { id: res.id }) : t('banners.created', { id: res.id }),
        },
      });
    },
  });
  const { errors } = form.formState;
  const { register, watch, setValue } = form;
  const values = watch();
  const isTop = values.kind === 'top';
  const tones = bannerTones.filter((tone) => TONES[values.kind].includes(tone) || tone === values.tone);

  return (
    <div className={styles.editor}>
      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        className={styles.form}
        aria-label={t('banners.form')}
      >
        {!canWrite ? <p className="note note-warn">{t('console:common.readOnly')}</p> : null}
        <FormMessage message={formMessage} />
        <fieldset disabled={!canWrite}>
          <legend>{t('banners.where')}</legend>
          <div className={styles.kinds} role="radiogroup" aria-label={t('banners.kind')}>
            {(['top', 'alert'] as const).map((k) => (
              <label key={k} className="check">
                <input
                  type="radio"
                  value={k}
                  {...register('kind', {
                    onChange: () => {
                      if (!TONES[k].includes(form.getValues('tone'))) setValue('tone', TONES[k][0]!);
                    },
                  })}
                />
                {t(`banners.kinds.${k}`)}
              </label>
            ))}
          </div>
          <div className="grid">
            {isTop ? (
              <FormField label={t('banners.slot')} error={errors.slot?.message} hint={t('banners.slotHint')}>
                {(p) => (
                  <input {...p} type="number" inputMode="numeric" min={0} max={100} {...register('slot')} />
                )}
              </FormField>
            ) : null}
            <FormField label={t('common.sort')} error={errors.sort?.message} hint={t('common.sortHint')}>
              {(p) => <input {...p} type="number" inputMode="numeric" {...register('sort')} />}
            </FormField>
            <FormField label={t('banners.tone')} error={errors.tone?.message}>
              {(p) => (
                <select {...p} {...register('tone')}>
                  <Options of={tones} label={(tone) => t(`banners.tones.${tone}`)} />
                </select>
              )}
            </FormField>
            {isTop ? (
              <FormField
                label={t('banners.link')}
                error={errors.link_url?.message}
                hint={t('banners.linkHint')}
              >
                {(p) => (
                  <input
                    {...p}
                    inputMode="url"
                    spellCheck={false}
                    placeholder="/?tab=2"
                    {...register('link_url')}
                  />
                )}
              </FormField>
            ) : null}
          </div>
        </fieldset>

        <fieldset disabled={!canWrite}>
          <legend>{t('banners.words')}</legend>
          <div className="detail-pair">
            {(['en', 'ja'] as const).map((l) => (
              <div key={l}>
                <FormField label={t(`banners.title_${l}`)} error={errors[`title_${l}`]?.message}>
                  {(p) => <input {...p} lang={l} {...register(`title_${l}`)} />}
                </FormField>
                <FormField
                  label={t(isTop ? `banners.text_${l}` : `banners.noticeText_${l}`)}
                  error={errors[`text_${l}`]?.message}
                  hint={isTop ? undefined : t('banners.noticeTextHint')}
                >
                  {(p) => (
                    <textarea
                      {...p}
                      lang={l}
                      rows={isTop ? 3 : 4}
                      className={styles.text}
                      {...register(`text_${l}`)}
                    />
                  )}
                </FormField>
                {isTop ? (
                  <FormField label={t(`banners.cta_${l}`)} error={errors[`cta_${l}`]?.message}>
                    {(p) => <input {...p} lang={l} {...register(`cta_${l}`)} />}
                  </FormField>
                ) : null}
              </div>
            ))}
          </div>
          <p className="field-hint">{t('banners.wordsHint')}</p>
        </fieldset>

        <fieldset disabled={!canWrite}>
          <legend>{t('banners.when')}</legend>
          <div className="grid">
            <FormField
              label={t('common.startsJst')}
              error={errors.starts_at?.message}
              hint={t('banners.startsHint')}
            >
              {(p) => <input {...p} type="datetime-local" {...register('starts_at')} />}
            </FormField>
            <FormField
              label={t('common.endsJst')}
              error={errors.ends_at?.message}
              hint={t('banners.endsHint')}
            >
              {(p) => <input {...p} type="datetime-local" {...register('ends_at')} />}
            </FormField>
          </div>
          <div className="check">
            <input
              id="banner-enabled"
              type="checkbox"
              {...register('enabled')}
              aria-describedby="banner-enabled-hint"
            />
            <label htmlFor="banner-enabled">{t('banners.enabled')}</label>
            <span id="banner-enabled-hint" className="field-hint">
              {t('banners.enabledHint')}
            </span>
          </div>
        </fieldset>

        {isTop ? (
          <fieldset disabled={!canWrite}>
            <legend>{t('banners.pictures')}</legend>
            <div className={styles.pictures}>
              <ImageUpload
                name="image"
                label={t('banners.image')}
                hint={t('banners.imageHint')}
                current={banner?.image_url ?? ''}
                value={values.image}
                onChange={(v) => {
                  form.clearErrors('image');
                  setValue('image', v);
                }}
                error={errors.image?.message}
                disabled={!canWrite}
              />
              <ImageUpload
                name="sp_image"
                label={t('banners.spImage')}
                hint={t('banners.spImageHint')}
                current={banner?.sp_image_url ?? ''}
                value={values.sp_image}
                onChange={(v) => {
                  form.clearErrors('sp_image');
                  setValue('sp_image', v);
                }}
                error={errors.sp_image?.message}
                disabled={!canWrite}
                aspect="phone"
              />
            </div>
          </fieldset>
        ) : null}

        {canWrite ? (
          <div className="actions">
            <button type="submit" className="button-primary" disabled={pending}>
              {banner ? t('console:common.save') : t('common.create')}
            </button>
            <Link to="/banners">{t('console:common.cancel')}</Link>
          </div>
        ) : null}
      </form>
      <BannerPreview
        banner={{
          ...values,
          image: values.image || banner?.image_url || '',
          sp_image: values.sp_image || banner?.sp_image_url || '',
        }}
      />
    </div>
  );
}
