import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import type { AdminPackDetail } from '@gacha/contract/admin';
import { FormField } from '../../components/form-field.tsx';
import { useCardTypes } from '../../lib/card-types.ts';
import { fromJstInput, toJstInput } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { sanitizeHtml } from '@gacha/client/sanitize-html';
import { Options } from '@gacha/client/components/options';

/** A pack's fields as the form holds them: text as typed, times as JST datetime-local values. */
export type PackValues = {
  card_type_id: string;
  name_en: string;
  name_ja: string;
  payment_method: string;
  point: string;
  total_pack_count: string;
  start_at: string;
  end_at: string;
  can_limit: boolean;
  limit_count: string;
  limit_message_en: string;
  limit_message_ja: string;
  max_buy_count: string;
  show_cardlist: boolean;
  detail_en: string;
  detail_ja: string;
  movie_style: string;
  sort: string;
};

export const PACK_FIELDS = [
  'card_type_id',
  'name_en',
  'name_ja',
  'payment_method',
  'point',
  'total_pack_count',
  'start_at',
  'end_at',
  'can_limit',
  'limit_count',
  'limit_message_en',
  'limit_message_ja',
  'max_buy_count',
  'show_cardlist',
  'detail_en',
  'detail_ja',
  'movie_style',
  'sort',
] as const;

/** What a published pack keeps (the server answers 409 pack_locked to a change; packs/service.ts). */
export const LOCKED_AFTER_PUBLISHING = [
  'card_type_id',
  'payment_method',
  'point',
  'total_pack_count',
  'start_at',
] as const;

const int = (v: string) => (v.trim() === '' ? undefined : Number(v));

/**
 * The form's values as the API takes them (adminPackFieldsSchema): numbers, 0/1 flags, times as ISO instants
 * from the JST the form shows ('' start: missing; '' end: none). A published pack's payload leaves out what it
 * keeps.
 */
export function packPayload(v: PackValues, published = false): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    card_type_id: int(v.card_type_id),
    name_en: v.name_en,
    name_ja: v.name_ja,
    payment_method: int(v.payment_method),
    point: int(v.point),
    total_pack_count: int(v.total_pack_count),
    start_at: fromJstInput(v.start_at) || (v.start_at.trim() ? 'invalid' : undefined),
    end_at: v.end_at.trim() ? fromJstInput(v.end_at) || 'invalid' : null,
    can_limit: v.can_limit ? 1 : 0,
    limit_count: int(v.limit_count),
    limit_message_en: v.limit_message_en,
    limit_message_ja: v.limit_message_ja,
    max_buy_count: int(v.max_buy_count),
    show_cardlist: v.show_cardlist ? 1 : 0,
    detail_en: v.detail_en,
    detail_ja: v.detail_ja,
    movie_style: int(v.movie_style),
    sort: int(v.sort),
  };
  if (published) for (const key of LOCKED_AFTER_PUBLISHING) delete payload[key];
  return payload;
}

export function packValues(pack: AdminPackDetail['pack'] | null): PackValues {
  return {
    card_type_id: pack ? String(pack.card_type_id) : '',
    name_en: pack?.name_en ?? '',
    name_ja: pack?.name_ja ?? '',
    payment_method: pack ? String(pack.payment_method) : '1',
    point: pack ? String(pack.point) : '',
    total_pack_count: pack ? String(pack.total_pack_count) : '',
    start_at: toJstInput(pack?.start_at),
    end_at: toJstInput(pack?.end_at),
    can_limit: pack ? pack.can_limit === 1 : false,
    limit_count: pack ? String(pack.limit_count) : '0',
    limit_message_en: pack?.limit_message_en ?? '',
    limit_message_ja: pack?.limit_message_ja ?? '',
    max_buy_count: pack ? String(pack.max_buy_count) : '0',
    show_cardlist: pack ? pack.show_cardlist === 1 : true,
    detail_en: pack?.detail_en ?? '',
    detail_ja: pack?.detail_ja ?? '',
    movie_style: pack ? String(pack.movie_style) : '0',
    sort: pack ? String(pack.sort) : '0',
  };
}

/**
 * The pack's fields (create and edit): `locked` disables what a published pack keeps, `readOnly` everything
 * (a role without catalogue.write). The descriptions are HTML with a live preview, sanitised as the shop will.
 */
export function PackFields({
  form,
  locked,
  readOnly,
}: {
  form: UseFormReturn<PackValues>;
  locked: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation('console');
  const lang = useLang();
  const types = useCardTypes();
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const detailEn = watch('detail_en');
  const detailJa = watch('detail_ja');
  const canLimit = watch('can_limit');
  // the select's value is set when it registers: set it again once its options are there
  const typeCount = types.list.length;
  useEffect(() => {
    if (typeCount) form.setValue('card_type_id', form.getValues('card_type_id'));
  }, [typeCount, form]);

  return (
    <fieldset disabled={readOnly}>
      <legend>{t('packs.fields')}</legend>
      <div className="grid">
        <FormField label={t('packs.nameEn')} error={errors.name_en?.message}>
          {(p) => <input {...p} lang="en" {...register('name_en')} />}
        </FormField>
        <FormField label={t('packs.nameJa')} error={errors.name_ja?.message}>
          {(p) => <input {...p} lang="ja" {...register('name_ja')} />}
        </FormField>
        <FormField label={t('packs.cardType')} error={errors.card_type_id?.message}>
          {(p) => (
            <select {...p} disabled={locked} {...register('card_type_id')}>
              <option value="">—</option>
              <Options
                of={types.list}
                value={(c) => c.id}
                label={(c) => (lang === 'ja' ? c.name_ja : c.name_en)}
              />
            </select>
          )}
        </FormField>
        <FormField label={t('packs.currency')} error={errors.payment_method?.message}>
          {(p) => (
            <select {...p} disabled={locked} {...register('payment_method')}>
              <option value="1">{t('packs.gems')}</option>
              <option value="2">{t('packs.coins')}</option>
            </select>
          )}
        </FormField>
        <FormField label={t('packs.point')} error={errors.point?.message}>
          {(p) => (
            <input
              {...p}
              type="number"
              min={1}
              inputMode="numeric"
              disabled={locked}
              {...register('point')}
            />
          )}
        </FormField>
        <FormField label={t('packs.totalPackCount')} error={errors.total_pack_count?.message}>
          {(p) => (
            <input
              {...p}
              type="number"
              min={1}
              inputMode="numeric"
              disabled={locked}
              {...register('total_pack_count')}
            />
          )}
        </FormField>
        <FormField label={t('packs.startAt')} error={errors.start_at?.message} hint={t('packs.jstNote')}>
          {(p) => <input {...p} type="datetime-local" disabled={locked} {...register('start_at')} />}
        </FormField>
        <FormField label={t('packs.endAt')} error={errors.end_at?.message} hint={t('packs.endAtHint')}>
          {(p) => <input {...p} type="datetime-local" {...register('end_at')} />}
        </FormField>
        <FormField label={t('packs.maxBuyCount')} error={errors.max_buy_count?.message}>
          {(p) => <input {...p} type="number" min={0} inputMode="numeric" {...register('max_buy_count')} />}
        </FormField>
        <FormField label={t('packs.movieStyle')} error={errors.movie_style?.message}>
          {(p) => (
            <input {...p} type="number" min={0} max={99} inputMode="numeric" {...register('movie_style')} />
          )}
        </FormField>
        <FormField label={t('packs.sort')} error={errors.sort?.message}>
          {(p) => <input {...p} type="number" inputMode="numeric" {...register('sort')} />}
        </FormField>
      </div>
      <div className="check">
        <input id="pack-show-cardlist" type="checkbox" {...register('show_cardlist')} />
        <label htmlFor="pack-show-cardlist">{t('packs.showCardlist')}</label>
      </div>
      <div className="check">
        <input id="pack-can-limit" type="checkbox" {...register('can_limit')} />
        <label htmlFor="pack-can-limit">{t('packs.canLimit')}</label>
      </div>
      {canLimit ? (
        <div className="grid">
          <FormField label={t('packs.limitCount')} error={errors.limit_count?.message}>
            {(p) => <input {...p} type="number" min={0} inputMode="numeric" {...register('limit_count')} />}
          </FormField>
          <FormField label={t('packs.limitMessageEn')} error={errors.limit_message_en?.message}>
            {(p) => <input {...p} lang="en" {...register('limit_message_en')} />}
          </FormField>
          <FormField label={t('packs.limitMessageJa')} error={errors.limit_message_ja?.message}>
            {(p) => <input {...p} lang="ja" {...register('limit_message_ja')} />}
          </FormField>
        </div>
      ) : null}
      <div className="detail-pair">
        <div>
          <FormField
            label={t('packs.detailEn')}
            error={errors.detail_en?.message}
            hint={t('packs.detailHint')}
          >
            {(p) => <textarea {...p} lang="en" {...register('detail_en')} />}
          </FormField>
          <HtmlPreview label={t('packs.previewEn')} html={detailEn} lang="en" />
        </div>
        <div>
          <FormField
            label={t('packs.detailJa')}
            error={errors.detail_ja?.message}
            hint={t('packs.detailHint')}
          >
            {(p) => <textarea {...p} lang="ja" {...register('detail_ja')} />}
          </FormField>
          <HtmlPreview label={t('packs.previewJa')} html={detailJa} lang="ja" />
        </div>
      </div>
    </fieldset>
  );
}

function HtmlPreview({ label, html, lang }: { label: string; html: string; lang: string }) {
  return (
    <section aria-label={label}>
      <div className="html-preview-label" aria-hidden="true">
        {label}
      </div>
      {/* sanitised with the server's allow-list (DOMPurify) before it is shown */}
      <div className="html-preview" lang={lang} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
    </section>
  );
}
