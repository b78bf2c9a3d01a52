import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSeen } from './useSeen';

function Probe() {
  const box = useRef<HTMLDivElement>(null);
  const seen = useSeen(box);
  return <div ref={box}>{seen ? 'dessiné' : 'en attente'}</div>;
}

/** A stand-in for the browser's observer: the test says when the element enters the viewport. */
class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: (entries: { isIntersecting: boolean }[]) => void) {
    FakeObserver.last = this;
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
}

describe('useSeen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is seen at once where IntersectionObserver does not exist', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('dessiné')).toBeTruthy();
  });

  it('waits for the element to come into view, then stays seen and stops observing', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Probe />);
    const observer = FakeObserver.last!;
    expect(screen.getByText('en attente')).toBeTruthy();
    expect(observer.observed).toEqual([screen.getByText('en attente')]);
    act(() => observer.callback([{ isIntersecting: false }]));
    expect(screen.getByText('en attente')).toBeTruthy();
    act(() => observer.callback([{ isIntersecting: true }]));
    expect(screen.getByText('dessiné')).toBeTruthy();
    expect(observer.disconnected).toBe(true);
  });
});
