// Scrolls the window to an element over a fixed duration, as the hero's Start now button asks for.
// Visitors who prefer reduced motion jump straight there. A wheel, touch or key press by the visitor
// stops the animation, so it never fights them.

const SCROLL_DURATION_MS = 1000;

function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
}

export function scrollToElement(element: HTMLElement, duration = SCROLL_DURATION_MS): Promise<void> {
  const start = window.scrollY;
  const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
  const target = Math.max(0, Math.min(maxScroll, element.getBoundingClientRect().top + start));
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  if (reduceMotion || duration <= 0 || Math.abs(target - start) < 1) {
    window.scrollTo({ top: target, behavior: "instant" });
    return Promise.resolve();
  }

  return new Promise((resolve) => {
    let frame = 0;
    const startedAt = performance.now();
    const interrupt = () => finish();
    const events = ["wheel", "touchstart", "keydown"] as const;

    function finish() {
      cancelAnimationFrame(frame);
      events.forEach((name) => window.removeEventListener(name, interrupt));
      resolve();
    }

    function step(now: number) {
      const progress = Math.min(1, (now - startedAt) / duration);
      window.scrollTo({ top: start + (target - start) * easeInOutCubic(progress), behavior: "instant" });
      if (progress < 1) frame = requestAnimationFrame(step);
      else finish();
    }

    events.forEach((name) => window.addEventListener(name, interrupt, { passive: true }));
    frame = requestAnimationFrame(step);
  });
}
