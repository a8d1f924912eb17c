import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useClock, useNow } from './use-now.ts';

const START = Date.parse('2026-11-28T00:00:00Z');

describe('the shared clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it('renders a clock reader again only when what it reads changes (a phase, not every second)', () => {
    const renders = { phase: 0, seconds: 0 };
    function Phase() {
      renders.phase++;
      const phase = useClock((now) => (now.getTime() >= START + 3_000 ? 'onSale' : 'before'));
      return <p data-testid="phase">{phase}</p>;
    }
    function Seconds() {
      renders.seconds++;
      return <p data-testid="seconds">{Math.floor((useNow(1000).getTime() - START) / 1000)}</p>;
    }
    render(
      <>
        <Phase />
        <Seconds />
      </>,
    );
    const afterMount = { ...renders };
    const second = () => act(() => void vi.advanceTimersByTime(1_000));
    second();
    second();
    expect(screen.getByTestId('phase').textContent).toBe('before');
    expect(screen.getByTestId('seconds').textContent).toBe('2');
    expect(renders.phase).toBe(afterMount.phase); // two ticks, the same phase: no render
    expect(renders.seconds).toBe(afterMount.seconds + 2);

    second();
    expect(screen.getByTestId('phase').textContent).toBe('onSale');
    expect(renders.phase).toBe(afterMount.phase + 1);

    for (let i = 0; i < 5; i++) second();
    expect(renders.phase).toBe(afterMount.phase + 1);
    expect(screen.getByTestId('seconds').textContent).toBe('8');
  });
});
