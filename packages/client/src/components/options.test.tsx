import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Options } from './options.tsx';

describe('Options', () => {
  it('draws one option per item, its value the item by default', () => {
    const { container } = render(
      <select defaultValue="b">
        <Options of={['a', 'b']} label={(x) => x.toUpperCase()} />
      </select>,
    );
    const options = [...container.querySelectorAll('option')];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['a', 'A'],
      ['b', 'B'],
    ]);
    expect(container.querySelector('select')!.value).toBe('b');
  });

  it('takes the value from the item when asked, and draws no text in a datalist', () => {
    const { container } = render(
      <datalist id="d">
        <Options of={[{ id: 7 }, { id: 9 }]} value={(x) => x.id} />
      </datalist>,
    );
    const options = [...container.querySelectorAll('option')];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['7', ''],
      ['9', ''],
    ]);
  });
});
