import { useCallback, useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { whenIdle } from './idle.ts';

type EmblaArgs = Parameters<typeof useEmblaCarousel>;

/**
 * An Embla carousel with what both of ours show: the selected slide, and moves for the arrows and dots. Embla
 * starts once the page is idle: it measures every slide when it starts (a layout of the page), which would
 * otherwise lengthen hydrating a served page; until then the first slide stands as painted.
 */
export function useCarousel(options?: EmblaArgs[0], plugins?: EmblaArgs[1]) {
  const [startEmbla, embla] = useEmblaCarousel(options, plugins);
  const [selected, setSelected] = useState(0);
  const emblaRef = useCallback(
    (viewport: HTMLElement | null) => (viewport ? whenIdle(() => startEmbla(viewport)) : undefined),
    [startEmbla],
  );

  useEffect(() => {
    if (!embla) return undefined;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const scrollTo = useCallback((i: number) => embla?.scrollTo(i), [embla]);
  const prev = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);
  return { emblaRef, embla, selected, scrollTo, prev, next };
}
