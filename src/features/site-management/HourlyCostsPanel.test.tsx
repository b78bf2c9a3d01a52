import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HourlyCostsForm } from './HourlyCostsPanel';
import { hourlyCostsFixture } from './testing/siteFixtures';

const saveHourlyCosts = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), saveHourlyCosts }));

const box = (name: string) =>
  screen.getByRole('textbox', { name: `Coût horaire de ${name}, en euros` }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Enregistrer les coûts horaires' });

describe("each person's hourly cost (an admin)", () => {
  it("shows each cost in euros, the company's for the others, and sends the changes in cents", async () => {
    const user = userEvent.setup();
    render(<HourlyCostsForm costs={hourlyCostsFixture} />);
    expect(box('Lucas Bernard').value).toBe('35');
    expect(box('Camille Petit').value).toBe('');
    expect(
      screen.getByText(/main-d'œuvre chargée de l'entreprise \(Coûts et prix\), 31,50\s€ \/ h/),
    ).toBeTruthy();
    expect(screen.getByText(/Les heures déjà saisies gardent le coût du jour de leur saisie/)).toBeTruthy();
    await user.clear(box('Lucas Bernard'));
    await user.type(box('Camille Petit'), '42,50 €{Enter}');
    await waitFor(() => expect(saveHourlyCosts).toHaveBeenCalledTimes(1));
    expect(saveHourlyCosts).toHaveBeenCalledWith([
      { userId: 2, hourlyCostCents: null },
      { userId: 3, hourlyCostCents: 4_250 },
    ]);
  });

  it('refuses what is no amount in French, on the field, and sends nothing', async () => {
    saveHourlyCosts.mockClear();
    const user = userEvent.setup();
    render(<HourlyCostsForm costs={hourlyCostsFixture} />);
    await user.type(box('Camille Petit'), '42,555');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Saisissez un montant en euros par heure, par exemple 35 ou 35,50.',
    );
    expect(document.activeElement).toBe(box('Camille Petit'));
    expect(saveHourlyCosts).not.toHaveBeenCalled();
  });
});
