import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedCallback } from './useDebouncedCallback';

describe('useDebouncedCallback', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls once the calls pause, with the last arguments', () => {
    const search = vi.fn();
    const { result } = renderHook(() => useDebouncedCallback(search, 250));
    result.current('p');
    vi.advanceTimersByTime(200);
    result.current('pl');
    vi.advanceTimersByTime(200);
    result.current('pla');
    vi.advanceTimersByTime(249);
    expect(search).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('pla');
  });

  it('keeps its identity across renders and calls the latest callback', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ callback }) => useDebouncedCallback(callback, 100), {
      initialProps: { callback: first },
    });
    const debounced = result.current;
    debounced('a');
    rerender({ callback: second });
    expect(result.current).toBe(debounced);
    vi.advanceTimersByTime(100);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('a');
  });

  it('drops the waiting call on cancel and on unmount', () => {
    const search = vi.fn();
    const { result, unmount } = renderHook(() => useDebouncedCallback(search, 100));
    result.current('a');
    result.current.cancel();
    vi.advanceTimersByTime(100);
    expect(search).not.toHaveBeenCalled();
    result.current('b');
    unmount();
    vi.advanceTimersByTime(100);
    expect(search).not.toHaveBeenCalled();
  });
});
