import { act, fireEvent, render, screen } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilterBar, SEARCH_DELAY_MS, SearchFilter, SelectFilter, useSearchText } from './ListFilters';
import { Pager } from './Pager';

/** A list's query held in place: what the store would do with `onQuery`. */
function Harness({ onQuery }: { onQuery: (changes: { q?: string; kind?: string }) => void }) {
  const [query, setQuery] = useState({ q: '', kind: '' });
  const ask = useCallback(
    (changes: { q?: string; kind?: string }) => {
      onQuery(changes);
      setQuery((current) => ({ ...current, ...changes }));
    },
    [onQuery],
  );
  const search = useSearchText(
    query.q,
    useCallback((q: string) => ask({ q }), [ask]),
  );
  return (
    <FilterBar
      className=""
      search={search}
      filtered={query.q !== '' || query.kind !== ''}
      onClear={() => ask({ q: '', kind: '' })}
    >
      <SearchFilter label="Rechercher" placeholder="" search={search} />
      <SelectFilter
        label="Type"
        value={query.kind}
        labels={[['a', 'A']]}
        onChange={(kind) => ask({ kind })}
      />
    </FilterBar>
  );
}

describe('list filters', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for a search once the typing pauses, or at once on Enter', () => {
    const onQuery = vi.fn();
    render(<Harness onQuery={onQuery} />);
    const box = screen.getByRole('searchbox', { name: 'Rechercher' });
    fireEvent.change(box, { target: { value: 'dup' } });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    expect(onQuery).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onQuery).toHaveBeenCalledWith({ q: 'dup' });
    fireEvent.change(box, { target: { value: 'dupont' } });
    fireEvent.submit(box);
    expect(onQuery).toHaveBeenLastCalledWith({ q: 'dupont' });
  });

  it('« Effacer les filtres » empties a search still being typed, which is then never asked for', () => {
    const onQuery = vi.fn();
    render(<Harness onQuery={onQuery} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'a' } });
    const box = screen.getByRole('searchbox', { name: 'Rechercher' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'mart' } });
    fireEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS * 2));
    expect(box.value).toBe('');
    expect(onQuery.mock.calls).toEqual([[{ kind: 'a' }], [{ q: '', kind: '' }]]);
    expect(screen.queryByRole('button', { name: 'Effacer les filtres' })).toBeNull();
  });
});

describe('list pages', () => {
  it('says which rows are shown, and offers the other pages only when there are some', () => {
    const onPage = vi.fn();
    const { rerender } = render(<Pager page={1} hits={120} pageSize={50} onPage={onPage} />);
    expect(screen.getByRole('status').textContent).toBe('51–100 sur 120');
    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page précédente' }));
    expect(onPage.mock.calls).toEqual([[2], [0]]);
    rerender(<Pager page={0} hits={20} pageSize={50} onPage={onPage} />);
    expect(screen.getByRole('status').textContent).toBe('1–20 sur 20');
    expect(screen.queryByRole('button', { name: 'Page suivante' })).toBeNull();
  });
});
