/**
 * Resolves a frame after the page's first contentful paint has been shown (at once, then a
 * frame, when it already has been: a later page of the app). Work that the first screen does
 * not need, and that would compete with it on a slow phone, waits for this.
 * A second at most: a hidden tab paints nothing.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 1_000);
    const nextFrame = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
    const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint') || painted()) return nextFrame();
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      nextFrame();
    });
    observer.observe({ type: 'paint' });
  });
}
