import { useCallback, useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';

type EmblaArgs = Parameters<typeof useEmblaCarousel>;

/** An Embla carousel with what both of ours show: the selected slide, and moves for the arrows and dots. */
export function useCarousel(options?: EmblaArgs[0], plugins?: EmblaArgs[1]) {
  const [emblaRef, embla] = useEmblaCarousel(options, plugins);
  const [selected, setSelected] = useState(0);

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
