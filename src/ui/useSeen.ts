import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport; once seen, it stays seen. What is
 * costly to draw and below the fold (a chart) waits for it, so a phone's first seconds are spent on
 * what it shows (issue 27: Suivi d'activité drew its five charts in the task that committed its
 * figures). Where IntersectionObserver does not exist, everything is seen at once.
 */
export function useSeen(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = ref.current;
    if (seen || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [ref, seen, margin]);
  return seen;
}
