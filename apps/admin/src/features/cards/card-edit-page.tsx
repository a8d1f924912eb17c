import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { adminCardCreateSchema, adminCardUpdateSchema, customsCategories } from '@gacha/contract/admin';
import { createCardRoute, updateCardRoute } from '@gacha/contract/routes/admin-catalogue';
import { Options } from '@gacha/client/components/options';
import { DeleteDraft } from '../../components/delete-draft.tsx';
import { FormField, FormMessage } from '../../components/form-field.tsx';
import { call } from '../../lib/api.ts';
import { useCardTypes } from '../../lib/card-types.ts';
import { schemaResolver, useApiForm } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import { readImage } from '../../lib/image-file.ts';
import { useCan } from '../../lib/me.ts';
import { findCard, type CardRow } from './card-query.ts';

/** Labels staff use for rarities 1–7 (suggestions; the label is free text). */
const LABEL_SUGGESTIONS = [
  'C',
  'U',
  'UC',
  'R',
  'RR',
  'SR',
  'SAR',
  'UR',
  'SEC',
  'SP',
  'N',
  'SE',
  'A賞',
  'B賞',
];

export type CardValues = {
  card_type_id: string;
  name_en: string;
  name_ja: string;
  model_number: string;
  rarity: string;
  rarity_label: string;
  conversion_value: string;
  ship_only: boolean;
  customs_category: string;
  /** The new picture as a data URL; '' keeps the current one. */
  image: string;
};

const FIELDS = [
  'card_type_id',
  'name_en',
  'name_ja',
  'model_number',
  'rarity',
  'rarity_label',
  'conversion_value',
  'ship_only',
  'customs_category',
  'image',
] as const;

const int = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** The form's values as the API takes them (adminCardFieldsSchema). */
export function cardPayload(v: CardValues) {
  return {
    card_type_id: int(v.card_type_id),
    name_en: v.name_en,
    name_ja: v.name_ja,
    model_number: v.model_number,
    rarity: int(v.rarity),
    rarity_label: v.rarity_label,
    conversion_value: int(v.conversion_value),
    ship_only: v.ship_only ? 1 : 0,
    customs_category: v.customs_category,
    ...(v.image ? { image: v.image } : {}),
  };
}

function valuesOf(card: CardRow | null, type: string): CardValues {
  return {
    card_type_id: card ? String(card.card_type_id) : type,
    name_en: card?.name_en ?? '',
    name_ja: card?.name_ja ?? '',
    model_number: card?.model_number ?? '',
    rarity: card ? String(card.rarity) : '1',
    rarity_label: card?.rarity_label ?? '',
    conversion_value: card ? String(card.conversion_value) : '0',
    ship_only: card ? card.ship_only === 1 : false,
    customs_category: card?.customs_category ?? 'cards',
    image: '',
  };
}

/**
 * /admin/cards/new and /admin/cards/{id}: a card's fields (adminCardFieldsSchema) and its picture, previewed
 * before it is sent as a data URL (the server decodes, checks and re-encodes it).
 */
export function CardEditPage() {
  const { t } = useTranslation('console');
  const lang = useLang();
  const { id } = useParams();
  const location = useLocation();
  const cardId = id ? Number(id) : null;
  const given = (location.state as { card?: CardRow } | null)?.card;
  const card = useQuery({
    queryKey: ['admin', 'card', cardId],
    queryFn: () => (cardId ? findCard(cardId) : null),
    enabled: cardId !== null && !(given && given.id === cardId),
    ...(given && given.id === cardId ? { initialData: given } : {}),
  });
  const title = cardId ? t('cards.editTitle', { id: cardId }) : t('cards.newTitle');

  if (cardId !== null && card.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (cardId !== null && !card.data)
    return (
      <>
        <h1>{title}</h1>
        <p role="alert">{card.error?.message ?? t('common.loadFailed')}</p>
      </>
    );
  return (
    <>
      <div className="page-head">
        <h1>{title}</h1>
        <div className="actions">
          <Link to="/cards">{t('common.back')}</Link>
        </div>
      </div>
      <CardForm key={cardId ?? 'new'} card={card.data ?? null} />
      {card.data ? (
        <DeleteDraft
          resource="cards"
          id={card.data.id}
          name={`#${card.data.id} ${lang === 'ja' ? card.data.name_ja : card.data.name_en}`}
        />
      ) : null}
    </>
  );
}

export function CardForm({ card }: { card: CardRow | null }) {
  const { t } = useTranslation('console');
  const lang = useLang();
  const can = useCan();
  const canWrite = can('catalogue.write');
  const types = useCardTypes();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [preview, setPreview] = useState('');

  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<CardValues, { id: number }>({
    defaultValues: valuesOf(card, ''),
    resolver: schemaResolver<CardValues>(card ? adminCardUpdateSchema : adminCardCreateSchema, cardPayload),
    send: (v) =>
      card
        ? call(updateCardRoute, { params: { id: card.id }, body: cardPayload(v) })
        : call(createCardRoute, { body: cardPayload(v) }),
    fields: FIELDS,
    onSuccess: async (res, v) => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'cards'] });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'card'] });
      void navigate(`/cards?type=${v.card_type_id}`, {
        state: { notice: card ? t('common.saved') : t('cards.created', { id: res.id }) },
      });
    },
  });
  const { errors } = form.formState;
  // the select's value is set when it registers: set it again once its options are there
  const typeCount = types.list.length;
  useEffect(() => {
    if (typeCount) form.setValue('card_type_id', form.getValues('card_type_id'));
  }, [typeCount, form]);

  const pick = async (file: File | undefined) => {
    form.clearErrors('image');
    if (!file) return;
    const checked = await readImage(file);
    if (!checked.ok) {
      form.setValue('image', '');
      setPreview('');
      form.setError('image', {
        type: 'validate',
        message: checked.reason === 'too_large' ? t('cards.imageTooLarge') : t('cards.imageNotImage'),
      });
      return;
    }
    form.setValue('image', checked.dataUrl);
    setPreview(checked.dataUrl);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="panel" aria-label={t('cards.title')}>
      {!canWrite ? <p className="note note-warn">{t('common.readOnly')}</p> : null}
      <FormMessage message={formMessage} />
      <fieldset className="plain" disabled={!canWrite}>
        <div className="grid">
          <FormField label={t('cards.type')} error={errors.card_type_id?.message}>
            {(p) => (
              <select {...p} {...form.register('card_type_id')}>
                <option value="">—</option>
                <Options
                  of={types.list}
                  value={(c) => c.id}
                  label={(c) => (lang === 'ja' ? c.name_ja : c.name_en)}
                />
              </select>
            )}
          </FormField>
          <FormField label={t('cards.modelNumber')} error={errors.model_number?.message}>
            {(p) => <input {...p} {...form.register('model_number')} />}
          </FormField>
          <FormField label={t('cards.nameEn')} error={errors.name_en?.message}>
            {(p) => <input {...p} lang="en" {...form.register('name_en')} />}
          </FormField>
          <FormField label={t('cards.nameJa')} error={errors.name_ja?.message}>
            {(p) => <input {...p} lang="ja" {...form.register('name_ja')} />}
          </FormField>
          <FormField label={t('cards.rarity')} error={errors.rarity?.message} hint={t('cards.rarityHint')}>
            {(p) => (
              <select {...p} {...form.register('rarity')}>
                <Options of={[1, 2, 3, 4, 5, 6, 7]} label={(r) => r} />
              </select>
            )}
          </FormField>
          <FormField label={t('cards.rarityLabel')} error={errors.rarity_label?.message}>
            {(p) => <input {...p} list="rarity-labels" {...form.register('rarity_label')} />}
          </FormField>
          <datalist id="rarity-labels">
            <Options of={LABEL_SUGGESTIONS} />
          </datalist>
          <FormField label={t('cards.conversionValue')} error={errors.conversion_value?.message}>
            {(p) => (
              <input
                {...p}
                type="number"
                min={0}
                inputMode="numeric"
                {...form.register('conversion_value')}
              />
            )}
          </FormField>
          <FormField label={t('cards.customsCategory')} error={errors.customs_category?.message}>
            {(p) => (
              <select {...p} {...form.register('customs_category')}>
                <Options of={customsCategories} label={(c) => t(`customs.${c}`)} />
              </select>
            )}
          </FormField>
        </div>
        <div className="check">
          <input
            id="card-ship-only"
            type="checkbox"
            {...form.register('ship_only')}
            aria-describedby="card-ship-only-hint"
          />
          <label htmlFor="card-ship-only">{t('cards.shipOnly')}</label>
          <span id="card-ship-only-hint" className="field-hint">
            {t('cards.shipOnlyHint')}
          </span>
        </div>
        <FormField label={t('cards.upload')} error={errors.image?.message} hint={t('cards.uploadHint')}>
          {(p) => (
            <input
              {...p}
              type="file"
              name="image"
              accept="image/png,image/jpeg,image/webp"
              onChange={(e) => void pick(e.target.files?.[0])}
            />
          )}
        </FormField>
        <div className="image-pick">
          {card?.image_url ? (
            <figure>
              <img src={card.image_url} alt={t('cards.currentImage')} />
              <figcaption>{t('cards.currentImage')}</figcaption>
            </figure>
          ) : null}
          {preview ? (
            <figure>
              <img src={preview} alt={t('cards.preview')} />
              <figcaption>{t('cards.preview')}</figcaption>
            </figure>
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" className="button-primary" disabled={pending || !canWrite}>
            {t('common.save')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
