import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { canonicalLots, commitmentOf, lotSequence } from '@gacha/contract/fairness';
import type { DrawRecord, LiveOdds, OddsDisclosure, PracticeResult } from '@gacha/contract/pack-fairness';
import type { PackDetail } from '@gacha/contract/packs';
import { dragonPack } from '../../../test/pack-fixtures.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { Landing, loadI18n, renderAt } from '../../../test/render.tsx';
import { DisclosurePage } from './disclosure-page.tsx';
import { PackDetailPage } from './pack-detail-page.tsx';
import { PracticePage } from './practice-page.tsx';
import { RecordPage } from './record-page.tsx';

/** Live odds and the practice button on the pack page, the disclosure, record and practice pages. */

const pack: PackDetail = { ...dragonPack, total_pack_count: 10, pack_count: 6, commitment: 'c'.repeat(64) };

const odds: LiveOdds = {
  pack_id: 7,
  total: 10,
  sold: 4,
  remaining: 6,
  revealed: false,
  tiers: [
    { rarity: 7, rarity_label: 'UR', total: 1, remaining: 0, chance: 0 },
    { rarity: 4, rarity_label: 'SR', total: 3, remaining: 2, chance: 2 / 6 },
    { rarity: 1, rarity_label: 'C', total: 6, remaining: 4, chance: 4 / 6 },
  ],
  top_prizes: [
    {
      prize_id: 3,
      name: 'Golden Dragon',
      model_number: 'X-1',
      rarity: 7,
      rarity_label: 'UR',
      image: '',
      total: 1,
      remaining: 0,
      chance: 0,
      drawn: [{ position: 2, at: '2026-11-20T03:04:00.000Z' }],
    },
    {
      prize_id: 2,
      name: 'Silver Wyvern',
      model_number: 'X-2',
      rarity: 4,
      rarity_label: 'SR',
      image: '',
      total: 3,
      remaining: 2,
      chance: 2 / 6,
      drawn: [{ position: 0, at: '2026-11-20T03:00:00.000Z' }],
    },
  ],
  last_one: [],
};

const member = {
  is_login: '1',
  point: 30000,
  coin: 0,
  coin_tenths: 0,
  rank: 1,
  rank_name: 'White',
  lang: 'en',
};
const guest = { is_login: '0', point: 0, coin: 0, coin_tenths: 0, rank: 1, rank_name: '', lang: 'en' };

const practiceResult = (n: number): PracticeResult => ({
  practice: true,
  pack_id: 7,
  title: 'Dragon Pack',
  movie_style: 1,
  card_type: 1,
  count: n,
  pool: 6,
  seed: 'a'.repeat(64),
  cards: Array.from({ length: n }, (_, i) => ({
    action_type: '0' as const,
    rarity: i === 0 ? 4 : 1,
    rarity_label: i === 0 ? 'SR' : 'C',
    image: '',
    name: i === 0 ? 'Silver Wyvern' : `Common ${i}`,
    model_number: '',
    num: 1,
    buy_point: 100,
    is_last_one: '0' as const,
  })),
  videos: [],
});

beforeAll(() => loadI18n('en'));

describe('the pack page', () => {
  it('shows the live odds per tier and the drawn top prize with its position', async () => {
    const api = fakeApi({
      'GET user/point': member,
      'GET user/pack/detail/7': { pack },
      'GET user/pack/odds/7': odds,
    });
    renderAt('/pack-detail?packId=7', { '/pack-detail': <PackDetailPage /> });
    const panel = await screen.findByTestId('live-odds');
    expect(within(panel).getByRole('heading', { name: 'Live odds' })).toBeTruthy();
    expect(within(panel).getByTestId('odds-remaining').textContent).toBe('6');
    const rows = within(panel).getAllByTestId('odds-tier');
    expect(rows.map((r) => r.textContent)).toEqual(['UR0 / 10%', 'SR2 / 333.3%', 'C4 / 666.7%']);
    const prizes = within(panel).getAllByTestId('odds-top-prize');
    expect(prizes[0]!.textContent).toContain('All drawn');
    expect(prizes[0]!.textContent).toContain('Drawn as #3 · 20 Nov 2026, 12:04 (Japan time)');
    expect(prizes[1]!.textContent).toContain('2 / 3 · 33.3% on the next play');
    expect(within(panel).getByRole('link', { name: 'Odds at the start of sale' }).getAttribute('href')).toBe(
      '/pack-detail/odds?packId=7',
    );
    expect(within(panel).getByRole('link', { name: 'Public draw record' }).getAttribute('href')).toBe(
      '/pack-detail/record?packId=7',
    );
    expect(api.callsTo('GET user/pack/odds/7')).toHaveLength(1);
  });

  it('a guest starts a free practice draw of the chosen count and lands on the practice opening', async () => {
    const api = fakeApi({
      'GET user/point': guest,
      'GET user/pack/detail/7': { pack },
      'GET user/pack/odds/7': odds,
      'POST user/pack/practice': practiceResult(1),
    });
    renderAt('/pack-detail?packId=7', {
      '/pack-detail': <PackDetailPage />,
      '/practice-draw': <Landing name="practice" />,
    });
    const button = await screen.findByRole('button', { name: /Free practice draw/ });
    expect(button.textContent).toContain('PRACTICE');
    await userEvent.click(button);
    expect((await screen.findByTestId('landing')).textContent).toContain('practice ?packId=7');
    expect(api.callsTo('POST user/pack/practice').map((c) => c.payload)).toEqual([{ packId: 7, count: 1 }]);
  });

  it('shows the hourly limit’s message and stays', async () => {
    fakeApi({
      'GET user/point': guest,
      'GET user/pack/detail/7': { pack },
      'POST user/pack/practice': { state: 429, message: 'You have used this hour’s practice draws.' },
    });
    renderAt('/pack-detail?packId=7', { '/pack-detail': <PackDetailPage /> });
    await userEvent.click(await screen.findByRole('button', { name: /Free practice draw/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have used this hour’s practice draws.');
  });

  it('offers no practice draw for a sold-out pack', async () => {
    fakeApi({
      'GET user/point': guest,
      'GET user/pack/detail/7': { pack: { ...pack, pack_count: 0, is_sold_out: true } },
    });
    renderAt('/pack-detail?packId=7', { '/pack-detail': <PackDetailPage /> });
    await screen.findByRole('heading', { name: 'Dragon Pack' });
    expect(screen.queryByRole('button', { name: /Free practice draw/ })).toBeNull();
  });
});

describe('the practice page', () => {
  it('plays the opening labelled as practice, then says nothing was bought; Practise again draws anew', async () => {
    const api = fakeApi({ 'GET user/point': guest, 'POST user/pack/practice': practiceResult(2) });
    const view = renderAt('/', { '/': <Landing name="start" />, '/practice-draw': <PracticePage /> });
    await view.router.navigate('/practice-draw?packId=7', { state: { result: practiceResult(3) } });
    expect((await screen.findByTestId('practice-badge')).textContent).toBe('PRACTICE');
    expect(screen.getByRole('heading', { name: 'Practice draw' })).toBeTruthy();
    const tap = screen.getByTestId('tap-to-open');
    expect(tap.textContent).toContain('Practice draw · 3 cards · nothing is bought');
    await userEvent.click(tap);
    await userEvent.click(await screen.findByRole('button', { name: 'All skip' }));

    const summary = await screen.findByTestId('practice-summary');
    expect(within(summary).getByRole('heading', { name: /Practice draw result/ })).toBeTruthy();
    expect(within(summary).getByRole('note').textContent).toContain('no gems were used');
    expect(within(summary).getByRole('note').textContent).toContain('drew 3 of the 6 lots');
    expect(within(summary).getAllByRole('listitem')).toHaveLength(3);
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Practice draw result'));

    await userEvent.click(within(summary).getByRole('button', { name: 'Practise again' }));
    expect(api.callsTo('POST user/pack/practice').map((c) => c.payload)).toEqual([{ packId: 7, count: 3 }]);
    expect((await screen.findByTestId('tap-to-open')).textContent).toContain('2 cards');
  });

  it('without a result offers to start one', async () => {
    fakeApi({ 'GET user/point': guest, 'POST user/pack/practice': practiceResult(1) });
    renderAt('/practice-draw?packId=7', { '/practice-draw': <PracticePage /> });
    await userEvent.click(await screen.findByRole('button', { name: 'Start a practice draw' }));
    expect(await screen.findByTestId('tap-to-open')).toBeTruthy();
  });
});

describe('the disclosure page', () => {
  it('lists every tier and prize with quantity and probability, fixed at publishing, beside the commitment', async () => {
    const d: OddsDisclosure = {
      pack_id: 7,
      name: 'Dragon Pack',
      commitment: 'f'.repeat(64),
      fixed_at: '2026-11-01T01:00:00.000Z',
      start_at: '2026-11-02T01:00:00.000Z',
      total: 10,
      point: 500,
      payment_method: 1,
      tiers: [
        { rarity: 7, rarity_label: 'UR', quantity: 1, probability: 0.1 },
        { rarity: 1, rarity_label: 'C', quantity: 9, probability: 0.9 },
      ],
      prizes: [
        {
          prize_id: 1,
          name: 'Common',
          model_number: '',
          rarity: 1,
          rarity_label: 'C',
          image: '',
          quantity: 9,
          probability: 0.9,
          top: false,
        },
        {
          prize_id: 3,
          name: 'Golden Dragon',
          model_number: 'X-1',
          rarity: 7,
          rarity_label: 'UR',
          image: '',
          quantity: 1,
          probability: 0.1,
          top: true,
        },
      ],
      last_one: [
        {
          prize_id: 9,
          name: 'Phoenix',
          model_number: '',
          rarity: 7,
          rarity_label: 'UR',
          image: '',
          quantity: 1,
        },
      ],
    };
    fakeApi({ 'GET user/point': guest, 'GET user/pack/disclosure/7': d });
    renderAt('/pack-detail/odds?packId=7', { '/pack-detail/odds': <DisclosurePage /> });
    expect(await screen.findByRole('heading', { name: 'Odds disclosure', level: 1 })).toBeTruthy();
    expect(
      screen.getByText(/as fixed when the pack was published \(1 Nov 2026, 10:00, Japan time\)/),
    ).toBeTruthy();
    const tiers = screen.getByTestId('disclosure-tiers');
    expect([...tiers.querySelectorAll('tr')].map((r) => r.textContent)).toEqual([
      'TierLotsProbability',
      'UR110%',
      'C990%',
      'Total10100%',
    ]);
    const prizeRows = screen.getAllByRole('row').filter((r) => r.textContent?.includes('Golden Dragon'));
    expect(prizeRows[0]!.textContent).toContain('Top prize');
    expect(screen.getByText(/Phoenix/)).toBeTruthy();
    expect(screen.getByText('f'.repeat(64))).toBeTruthy();
  });
});

describe('the draw record page', () => {
  // a real sequence, so that the in-page check has something true to find
  const seed = '0123456789abcdef'.repeat(4);
  const prizes = [
    { id: 1, quantity: 7 },
    { id: 2, quantity: 3 },
  ];
  const canonical = canonicalLots(prizes);
  const sequence = lotSequence(seed, canonical);
  const rows: DrawRecord['list'] = sequence
    .map((prizeId, position) => ({
      position,
      prize_id: prizeId,
      name: prizeId === 2 ? 'Silver Wyvern' : 'Common',
      rarity: prizeId === 2 ? 4 : 1,
      rarity_label: prizeId === 2 ? 'SR' : 'C',
      at: '2026-11-20T03:00:00.000Z',
      mine: position < 2,
    }))
    .reverse();
  const record = (over: Partial<DrawRecord> = {}): DrawRecord => ({
    pack_id: 7,
    total: 10,
    sold: 10,
    revealed: true,
    per_page: 50,
    list: rows,
    page: 1,
    all_page: 1,
    pages: [1],
    ...over,
  });
  const fairness = (revealed: boolean, commitment = commitmentOf(seed, canonical)) => ({
    pack_id: 7,
    commitment,
    seed: revealed ? seed : null,
    revealed,
    canonical,
    total: 10,
    sold: 10,
    prizes: [],
    my_positions: [],
  });

  it('marks only the member’s own draws, links the CSV, and checks the record against the revealed seed', async () => {
    fakeApi({
      'GET user/point': member,
      'GET user/pack/detail/7': { pack },
      'GET user/pack/record/7/1': record(),
      'GET user/pack/record/7/1?size=1000': record(),
      'GET user/pack/fairness/7': fairness(true),
    });
    renderAt('/pack-detail/record?packId=7', { '/pack-detail/record': <RecordPage /> });
    const table = await screen.findByTestId('draw-record');
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(10);
    expect(bodyRows[0]!.textContent).toContain('#10');
    const marked = bodyRows.filter((r) => r.textContent?.includes('Yours'));
    expect(marked.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['#2 Yours', '#1 Yours']);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/user/pack/record/7/csv',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Check the record against the seed' }));
    expect(
      (await screen.findByText(/All 10 drawn lots match the committed sequence/)).textContent,
    ).toBeTruthy();
  });

  it('finds an altered lot, and says the seed is sealed before the reveal', async () => {
    const altered = rows.map((r) => (r.position === 4 ? { ...r, prize_id: r.prize_id === 1 ? 2 : 1 } : r));
    fakeApi({
      'GET user/point': guest,
      'GET user/pack/detail/7': { pack },
      'GET user/pack/record/7/1': record({ list: altered }),
      'GET user/pack/record/7/1?size=1000': record({ list: altered }),
      'GET user/pack/fairness/7': fairness(true),
    });
    const first = renderAt('/pack-detail/record?packId=7', { '/pack-detail/record': <RecordPage /> });
    await userEvent.click(await screen.findByRole('button', { name: 'Check the record against the seed' }));
    expect(await screen.findByText('1 of 10 drawn lots do not match the sequence.')).toBeTruthy();
    first.unmount();

    fakeApi({
      'GET user/point': guest,
      'GET user/pack/detail/7': { pack },
      'GET user/pack/record/7/1': record({
        revealed: false,
        sold: 4,
        list: rows.slice(6).map((r) => ({ ...r, mine: false })),
      }),
      'GET user/pack/fairness/7': fairness(false),
    });
    renderAt('/pack-detail/record?packId=7', { '/pack-detail/record': <RecordPage /> });
    expect(await screen.findByText(/The seed is revealed when the pack sells out/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check the record against the seed' })).toBeNull();
    expect(screen.queryByText('Yours')).toBeNull();
  });
});
