import { useCallback, useEffect, useRef, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { whenIdle } from './idle.ts';

type EmblaArgs = Parameters<typeof useEmblaCarousel>;
type Embla = NonNullable<ReturnType<typeof useEmblaCarousel>[1]>;

/**
 * An Embla carousel with what both of ours show: the selected slide, and moves for the arrows and dots. Embla
 * starts once the page is idle: it measures every slide when it starts (a layout of the page), which would
 * otherwise lengthen hydrating a served page; until then the first slide stands as painted. A touch on the slides
 * starts it at once, and an arrow or dot pressed before then moves it as soon as it has started.
 */
export function useCarousel(options?: EmblaArgs[0], plugins?: EmblaArgs[1]) {
  const [startEmbla, embla] = useEmblaCarousel(options, plugins);
  const [selected, setSelected] = useState(0);
  const viewport = useRef<HTMLElement | null>(null);
  const waitingMove = useRef<((api: Embla) => void) | null>(null);

  const emblaRef = useCallback(
    (node: HTMLElement | null) => {
      viewport.current = node;
      if (!node) return undefined;
      const start = () => startEmbla(node);
      node.addEventListener('pointerdown', start, { once: true });
      const cancel = whenIdle(start);
      return () => {
        cancel();
        node.removeEventListener('pointerdown', start);
      };
    },
    [startEmbla],
  );

  useEffect(() => {
    if (!embla) return undefined;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    waitingMove.current?.(embla);
    waitingMove.current = null;
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const move = useCallback(
    (act: (api: Embla) => void) => {
      if (embla) {
        act(embla);
        return;
      }
      waitingMove.current = act;
      if (viewport.current) startEmbla(viewport.current);
    },
    [embla, startEmbla],
  );
  const scrollTo = useCallback((i: number) => move((api) => api.scrollTo(i)), [move]);
  const prev = useCallback(() => move((api) => api.scrollPrev()), [move]);
  const next = useCallback(() => move((api) => api.scrollNext()), [move]);
  return { emblaRef, embla, selected, scrollTo, prev, next };
}
