import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { adminPrizesSchema, type AdminPackDetail } from '@gacha/contract/admin';
import { packPrizesRoute } from '@gacha/contract/routes/admin-catalogue';
import { FormMessage } from '../../components/form-field.tsx';
import { call } from '../../lib/api.ts';
import { schemaResolver, useApiForm } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCardSearch, type CardOption } from './card-search.ts';
import { packKey, packsKey } from './pack-state.ts';
import { TableWrap } from '../../components/table-wrap.tsx';
import { TableHead } from '@gacha/client/components/table-head';
import { Options } from '@gacha/client/components/options';

type PrizeRow = {
  card_id: string;
  quantity: string;
  buy_point: string;
  num: string;
  ship_only: boolean;
  is_last_one: boolean;
};
type PrizesValues = { prizes: PrizeRow[] };

const COLUMNS = ['card_id', 'quantity', 'buy_point', 'num', 'ship_only', 'is_last_one'] as const;
const int = (v: string) => (v.trim() === '' ? undefined : Number(v));

export function prizesPayload(v: PrizesValues) {
  return {
    prizes: v.prizes.map((p) => ({
      card_id: int(p.card_id),
      quantity: int(p.quantity),
      buy_point: int(p.buy_point),
      num: int(p.num),
      ship_only: p.ship_only ? (1 as const) : (0 as const),
      is_last_one: p.is_last_one ? (1 as const) : (0 as const),
    })),
  };
}

const emptyRow: PrizeRow = {
  card_id: '',
  quantity: '1',
  buy_point: '0',
  num: '1',
  ship_only: false,
  is_last_one: false,
};

/**
 * A draft's prizes, replaced whole (POST /api/admin/packs/{id}/prizes, adminPrizesSchema): a card of the pack's
 * type per row with its quantity, buy-back value, cards per prize, ship-only and last-one flags. The quantities
 * of the rows that are not the last-one prize must add up to the pack's lot count before it can be published.
 */
export function PrizesEditor({ detail }: { detail: AdminPackDetail }) {
  const { t } = useTranslation('console');
  const queryClient = useQueryClient();
  const { pack, prizes } = detail;
  const [saved, setSaved] = useState(false);
  const rowsOf = (): PrizeRow[] =>
    prizes.map((p) => ({
      card_id: String(p.card_id),
      quantity: String(p.quantity),
      buy_point: String(p.buy_point),
      num: String(p.num),
      ship_only: p.ship_only === 1,
      is_last_one: p.is_last_one === 1,
    }));

  const fieldNames = (count: number) => [
    'prizes',
    ...Array.from({ length: count }, (_, i) => COLUMNS.map((c) => `prizes.${i}.${c}` as const)).flat(),
  ];

  const { form, formRef, onSubmit, pending, formMessage, setFormMessage } = useApiForm<
    PrizesValues,
    { id: number }
  >({
    defaultValues: { prizes: rowsOf().length ? rowsOf() : [{ ...emptyRow }] },
    resolver: schemaResolver<PrizesValues>(adminPrizesSchema, prizesPayload),
    // a row's blank number is sent as missing: the server answers its field error (prizes.N.card_id, …)
    send: (v) =>
      call(packPrizesRoute, {
        params: { id: pack.id },
        body: prizesPayload(v),
      }),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    fields: fieldNames(40) as any,
    onSuccess: async (_res, values) => {
      form.reset(values);
      setFormMessage(null);
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: packKey(pack.id) });
      await queryClient.invalidateQueries({ queryKey: packsKey });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'pack-summary', pack.id] });
    },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'prizes' });
  const rows = form.watch('prizes');
  const sum = rows.filter((r) => !r.is_last_one).reduce((n, r) => n + (Number(r.quantity) || 0), 0);
  const errors = form.formState.errors.prizes;
  // the cards the rows name: the saved prizes' and those picked since (a search shows only its own results)
  const [known, setKnown] = useState<Map<number, CardOption>>(
    () =>
      new Map(
        prizes.map((p) => [
          p.card_id,
          { ...placeholderCard, id: p.card_id, name_en: p.name_en, name_ja: p.name_en, rarity: p.rarity },
        ]),
      ),
  );

  const pickCard = (index: number, card: CardOption) => {
    setKnown((m) => new Map(m).set(card.id, card));
    form.setValue(`prizes.${index}.buy_point`, String(card.conversion_value));
    form.setValue(`prizes.${index}.ship_only`, card.ship_only === 1);
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="prizes-edit-title">
      <h2 id="prizes-edit-title">{t('packs.prizesEdit')}</h2>
      <p className="field-hint">{t('packs.prizesHint')}</p>
      <FormMessage
        message={formMessage ?? (errors && 'message' in errors ? (errors.message as string) : null)}
      />
      {saved && !form.formState.isDirty ? (
        <p className="success" role="status">
          {t('packs.prizesSaved')}
        </p>
      ) : null}
      <TableWrap label={t('packs.prizes')}>
        <table className="data-table prizes-table">
          <TableHead
            caption={t('packs.prizes')}
            columns={[
              '#',
              t('packs.prizeCard'),
              t('packs.prizeQuantity'),
              t('packs.prizeBuyPoint'),
              t('packs.prizeNum'),
              t('packs.prizeShipOnly'),
              t('packs.prizeLastOne'),
              <span className="visually-hidden">{t('packs.prizeRemove')}</span>,
            ]}
          />
          <tbody>
            {fields.map((field, i) => {
              const rowErrors = Array.isArray(errors) ? errors[i] : undefined;
              const label = (what: string) => `${t('packs.prizeRow', { n: i + 1 })}: ${what}`;
              const cell = (name: (typeof COLUMNS)[number], input: ReactNode) => {
                const message = rowErrors?.[name]?.message as string | undefined;
                return (
                  <td>
                    {input}
                    {message ? (
                      <p className="field-error" id={`prize-${i}-${name}-error`}>
                        {message}
                      </p>
                    ) : null}
                  </td>
                );
              };
              const aria = (name: (typeof COLUMNS)[number]) => {
                const bad = !!rowErrors?.[name];
                return {
                  'aria-invalid': bad,
                  ...(bad ? { 'aria-describedby': `prize-${i}-${name}-error` } : {}),
                };
              };
              const cardField = form.register(`prizes.${i}.card_id`);
              return (
                <tr key={field.id}>
                  <td className="num">{i + 1}</td>
                  {cell(
                    'card_id',
                    <CardPicker
                      type={pack.card_type_id}
                      label={label}
                      chosen={known.get(Number(rows[i]?.card_id))}
                      field={cardField}
                      aria={aria('card_id')}
                      onPick={(card) => pickCard(i, card)}
                    />,
                  )}
                  {cell(
                    'quantity',
                    <input
                      {...aria('quantity')}
                      aria-label={label(t('packs.prizeQuantity'))}
                      type="number"
                      min={1}
                      inputMode="numeric"
                      {...form.register(`prizes.${i}.quantity`)}
                    />,
                  )}
                  {cell(
                    'buy_point',
                    <input
                      {...aria('buy_point')}
                      aria-label={label(t('packs.prizeBuyPoint'))}
                      type="number"
                      min={0}
                      inputMode="numeric"
                      {...form.register(`prizes.${i}.buy_point`)}
                    />,
                  )}
                  {cell(
                    'num',
                    <input
                      {...aria('num')}
                      aria-label={label(t('packs.prizeNum'))}
                      type="number"
                      min={1}
                      max={100}
                      inputMode="numeric"
                      {...form.register(`prizes.${i}.num`)}
                    />,
                  )}
                  {cell(
                    'ship_only',
                    <input
                      type="checkbox"
                      aria-label={label(t('packs.prizeShipOnly'))}
                      {...form.register(`prizes.${i}.ship_only`)}
                    />,
                  )}
                  {cell(
                    'is_last_one',
                    <input
                      type="checkbox"
                      aria-label={label(t('packs.prizeLastOne'))}
                      {...form.register(`prizes.${i}.is_last_one`)}
                    />,
                  )}
                  <td>
                    <button
                      type="button"
                      className="button-link"
                      aria-label={t('packs.prizeRemoveRow', { n: i + 1 })}
                      onClick={() => remove(i)}
                      disabled={fields.length <= 1}
                    >
                      {t('packs.prizeRemove')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
      <p className={sum === pack.total_pack_count ? 'success' : 'note note-warn'} aria-live="polite">
        {t('packs.prizeTotal', { sum: sum.toLocaleString(), total: pack.total_pack_count.toLocaleString() })}
      </p>
      <div className="actions">
        <button type="button" onClick={() => append({ ...emptyRow })}>
          {t('packs.prizeAdd')}
        </button>
        <button type="submit" className="button-primary" disabled={pending}>
          {t('packs.prizesSave')}
        </button>
      </div>
    </form>
  );
}

const placeholderCard = {
  id: 0,
  card_type_id: 0,
  name_en: '',
  name_ja: '',
  model_number: '',
  rarity: 1,
  rarity_label: '',
  image_url: '',
  conversion_value: 0,
  ship_only: 0,
  customs_category: 'cards' as const,
};

/**
 * A prize row's card: a search box that asks the server (names, model numbers, #ids of the pack's type) and a
 * select of what it found, the row's own card kept in it.
 */
function CardPicker({
  type,
  label,
  chosen,
  field,
  aria,
  onPick,
}: {
  type: number;
  label: (what: string) => string;
  chosen: CardOption | undefined;
  field: ReturnType<ReturnType<typeof useApiForm>['form']['register']>;
  aria: Record<string, unknown>;
  onPick: (card: CardOption) => void;
}) {
  const { t } = useTranslation('console');
  const lang = useLang();
  const [text, setText] = useState('');
  const found = useCardSearch(type, useDeferredValue(text));
  const list = found.data?.list ?? [];
  const options = chosen && !list.some((c) => c.id === chosen.id) ? [chosen, ...list] : list;
  return (
    <div className="card-picker">
      <input
        type="search"
        aria-label={label(t('packs.findCard'))}
        placeholder={t('packs.findCardHint')}
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
      />
      <select
        {...aria}
        aria-label={label(t('packs.prizeCard'))}
        {...field}
        onChange={(e) => {
          void field.onChange(e);
          const card = options.find((c) => String(c.id) === e.target.value);
          if (card) onPick(card);
        }}
      >
        <option value="">
          {found.data && text.trim() && !found.data.total ? t('packs.noCardFound') : t('packs.chooseCard')}
        </option>
        <Options
          of={options}
          value={(c) => c.id}
          label={(c) => (
            <>
              #{c.id} {lang === 'ja' ? c.name_ja : c.name_en} ({t('packs.rarityShort', { rarity: c.rarity })}
              {c.rarity_label ? ` ${c.rarity_label}` : ''})
            </>
          )}
        />
      </select>
      {found.data && found.data.total > list.length ? (
        <p className="field-hint">{t('packs.moreCards', { shown: list.length, total: found.data.total })}</p>
      ) : null}
    </div>
  );
}
