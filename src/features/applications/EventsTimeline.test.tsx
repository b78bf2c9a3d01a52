import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MeasureEvent } from './api';
import { EventsTimeline } from './EventsTimeline';
import { formatFileSize } from './messages';
import { events } from './testing/measureFixtures';

function renderTimeline(list: MeasureEvent[] = events, hits = list.length) {
  const onMore = vi.fn();
  render(
    <EventsTimeline
      application="pix4d"
      page={{ data: list, info: { hits } }}
      failed={false}
      onRetry={() => {}}
      onMore={onMore}
    />,
  );
  return { onMore };
}

/** The element whose own text is exactly `text` (its U+00A0 and U+202F as written). */
const exactly = (text: string) =>
  screen.getByText((_, element) => element?.textContent === text && element.children.length === 0);

describe('events timeline', () => {
  it('shows each kind in French, newest first, with who did it', () => {
    renderTimeline();
    const titles = screen.getAllByText(
      /^(Groupe créé|Mesures modifiées|Import refusé|Fichier importé|Affaire changée|Groupe renommé|Utilisé dans un devis)$/,
    );
    expect(titles.map((title) => title.textContent)).toEqual([
      'Utilisé dans un devis',
      'Mesures modifiées',
      'Import refusé',
      'Fichier importé',
      'Affaire changée',
      'Groupe renommé',
      'Groupe créé',
    ]);
    expect(screen.getByText(/par Pix4D \(clé d'API\)/)).toBeTruthy();
    expect(screen.getAllByText(/par Sophie Martin/)).toHaveLength(6);
  });

  it('says the values before and after, the file read, why a file was refused and which quote uses the group', () => {
    renderTimeline();
    expect(exactly('Surface toiture : 980\u00a0m² → 1\u202f004,5\u00a0m²')).toBeTruthy();
    expect(exactly('pix4d-toiture-terrasse.geojson (4,2\u00a0Ko)')).toBeTruthy();
    expect(screen.getByText('3 mesures lues, 3 ajoutées, 0 modifiée')).toBeTruthy();
    expect(exactly('export-toiture.csv (12,4\u00a0Ko)')).toBeTruthy();
    expect(screen.getByText('Ligne 12 : unité inconnue « pieds ».')).toBeTruthy();
    expect(screen.getByText('« Toiture » devient « Toiture-terrasse bâtiment A »')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Devis DE-2026-00012' }).getAttribute('href')).toContain(
      '/affaires/devis/21',
    );
    expect(screen.getByText('Étanchéité toiture-terrasse')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Réaménagement fournil Mercier' }).getAttribute('href'),
    ).toContain('/affaires/3');
  });

  it('offers more while the server has more', async () => {
    const { onMore } = renderTimeline(events.slice(0, 2), 30);
    expect(screen.getByText('2 / 30')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Afficher plus' }));
    expect(onMore).toHaveBeenCalled();
  });

  it('writes file sizes the French way', () => {
    expect(formatFileSize(812)).toBe('812 octets');
    expect(formatFileSize(1)).toBe('1 octet');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5\u00a0Mo');
  });
});
