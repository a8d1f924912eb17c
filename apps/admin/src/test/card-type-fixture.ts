/** GET /api/admin/card-types as the console's tests answer it: Pokémon, a tab on Top and at the exchange counter. */
export const cardTypes = (counts: { cards: number; packs: number } = { cards: 1, packs: 1 }) => ({
  list: [{ id: 2, name_en: 'Pokémon', name_ja: 'ポケモン', sort: 1, top_tab: 1, exchange_tab: 1, ...counts }],
});
