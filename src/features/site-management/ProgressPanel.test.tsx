import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { ProgressForm } from './ProgressPanel';
import { progressAfterOtherFixture, progressFixture } from './testing/siteFixtures';

const saveProgress = vi.hoisted(() => vi.fn());
vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), saveProgress }));

const box = (chapter: string) =>
  screen.getByRole('textbox', { name: `Avancement du chapitre ${chapter}, en %` }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: "Enregistrer l'avancement" });

describe('progress per chapter of the accepted quote', () => {
  it('starts from the last progress, steps with the arrow keys, sends only the chapters changed', async () => {
    saveProgress.mockReset().mockResolvedValue(progressFixture);
    const user = userEvent.setup();
    render(<ProgressForm jobId={3} progress={progressFixture} />);
    expect(box('Travaux préparatoires').value).toBe('40');
    expect(box('Finitions').value).toBe('');
    expect(screen.getByText(/Dernier avancement : 40\s%\sle 20\/11\/2026 \(Lucas Bernard\)/)).toBeTruthy();
    // The keyboard alone: into the first chapter, two steps up, on to the next, typed, Enter.
    await user.click(box('Travaux préparatoires'));
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box('Travaux préparatoires').value).toBe('50');
    await user.tab();
    expect(document.activeElement).toBe(box('Finitions'));
    await user.keyboard('12,5{Enter}');
    await waitFor(() => expect(saveProgress).toHaveBeenCalledTimes(1));
    expect(saveProgress).toHaveBeenCalledWith(3, {
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      version: 2,
      chapters: [
        { chapter: 'Travaux préparatoires', percentBasisPoints: 5_000 },
        { chapter: 'Finitions', percentBasisPoints: 1_250 },
      ],
    });
  });

  it('says in French what to type over 100 %, focuses it, and sends nothing', async () => {
    saveProgress.mockReset();
    const user = userEvent.setup();
    render(<ProgressForm jobId={3} progress={progressFixture} />);
    await user.type(box('Finitions'), '120');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Saisissez un pourcentage entre 0 et 100, par exemple 40 ou 42,5.',
    );
    expect(document.activeElement).toBe(box('Finitions'));
    await user.clear(box('Finitions'));
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toContain('Aucun avancement modifié');
    expect(saveProgress).not.toHaveBeenCalled();
  });

  it('a stale save (409) keeps what was typed, reads the progress again, and saves from the new version', async () => {
    saveProgress.mockReset().mockRejectedValueOnce(new ApiError(409, 'stale_version'));
    const onStale = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<ProgressForm jobId={3} progress={progressFixture} onStale={onStale} />);
    await user.clear(box('Travaux préparatoires'));
    await user.type(box('Travaux préparatoires'), '60');
    await user.type(box('Finitions'), '10');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Quelqu'un a saisi un avancement entre-temps",
    );
    expect(onStale).toHaveBeenCalledTimes(1);
    // The progress read again (someone else's 50 %): what was typed stays.
    rerender(<ProgressForm jobId={3} progress={progressAfterOtherFixture} onStale={onStale} />);
    expect(screen.getByText(/Dernier avancement : 50\s%\sle 23\/11\/2026 \(Camille Petit\)/)).toBeTruthy();
    expect([box('Travaux préparatoires').value, box('Finitions').value]).toEqual(['60', '10']);
    saveProgress.mockResolvedValueOnce(progressAfterOtherFixture);
    await user.click(save());
    await waitFor(() => expect(saveProgress).toHaveBeenCalledTimes(2));
    expect(saveProgress.mock.calls[1]![1]).toMatchObject({
      version: 3,
      chapters: [
        { chapter: 'Travaux préparatoires', percentBasisPoints: 6_000 },
        { chapter: 'Finitions', percentBasisPoints: 1_000 },
      ],
    });
  });
});
