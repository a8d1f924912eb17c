import '@gacha/client/test/setup-dom';

// what embla-carousel and the layout ask of a browser, answered as a still, wide screen would
if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  class Observer {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  window.ResizeObserver ??= Observer as unknown as typeof ResizeObserver;
  window.IntersectionObserver ??= Observer as unknown as typeof IntersectionObserver;
}
