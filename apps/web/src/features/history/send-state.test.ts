import { describe, expect, it } from 'vitest';
import { FILTERS, parseMode, parsePage, parseView, rowTarget, sendStateKey, VIEWS } from './send-state.ts';

describe('buying history', () => {
  it('has the five filters of the spec in order', () => {
    expect(FILTERS.map((f) => f.mode)).toEqual(['all', 'unselected', 'ship', 'shipped', 'convert']);
  });

  it('reads mode and page from the query, defaulting safely', () => {
    expect(parseMode('shipped')).toBe('shipped');
    expect(parseMode('bogus')).toBe('all');
    expect(parseMode(null)).toBe('all');
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('x')).toBe(1);
  });

  it('shows the pack purchases unless the exchanges are asked for', () => {
    expect(VIEWS.map((v) => v.view)).toEqual(['packs', 'exchanges']);
    expect(parseView('exchanges')).toBe('exchanges');
    expect(parseView('packs')).toBe('packs');
    expect(parseView('bogus')).toBe('packs');
    expect(parseView(null)).toBe('packs');
  });

  it('opens the detail for a decided purchase and the choose list otherwise', () => {
    expect(rowTarget({ id: 7, status: '1' })).toBe('/buy-product-history-detail?packHistoryId=7');
    expect(rowTarget({ id: 7, status: '0' })).toBe('/get-card-list?c=7');
  });

  it('names every shipping state', () => {
    expect(['unselected', 'not_yet_shipped', 'shipped', 'no_shipment'].map(sendStateKey)).toEqual([
      'state.unselected',
      'state.notYetShipped',
      'state.shipped',
      'state.noShipment',
    ]);
  });
});
