import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { serverErrorMessages } from '../../i18n/serverErrors';
import { validationMessages } from '../../i18n/validationMessages';
import { quoteDetail, quoteRow } from '../quotes/list/testing/quoteFixtures';
import { JobSheetView, type JobSheetViewProps } from './JobSheet';
import { job } from './testing/jobFixtures';

const owners = [
  { id: 1, label: 'Sophie Martin' },
  { id: 2, label: 'Lucas Bernard' },
];
const customers = [
  { id: 8, label: 'Boulangerie Mercier (C008)' },
  { id: 12, label: 'Boucherie Petit (C012)' },
];

/** The sheet with its form's choices; the saves given by the test (none asked by default). */
function renderSheet(props: Partial<JobSheetViewProps> = {}) {
  const onSave = vi.fn<JobSheetViewProps['onSave']>(async (from, changes) => ({
    ...from,
    ...changes,
    version: from.version + 1,
  }));
  const onReload = vi.fn<JobSheetViewProps['onReload']>(async () => job);
  render(
    <JobSheetView
      job={job}
      owners={owners}
      customerChoices={customers}
      onCustomerSearch={() => {}}
      onSave={onSave}
      onReload={onReload}
      {...props}
    />,
  );
  return { onSave: props.onSave ?? onSave, onReload: props.onReload ?? onReload };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const save = () => userEvent.click(screen.getByRole('button', { name: "Enregistrer l'affaire" }));

describe('job sheet', () => {
  it('shows the retainage, its release date, the invoices, and every field of the job as stored', () => {
    renderSheet();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Affaire : Réaménagement fournil Mercier',
    );
    expect(screen.getByText('Libération de la retenue de garantie : 15/03/2027')).toBeTruthy();
    expect(screen.getByText('Responsable : Lucas Bernard')).toBeTruthy();
    expect(screen.getByText('Retenue de garantie (5 %)').nextElementSibling?.textContent).toBe(
      '107,64\u00a0€',
    );
    expect(screen.getAllByRole('link', { name: 'FA-2026-00013' })).toHaveLength(3);
    expect(field("Nom de l'affaire").value).toBe('Réaménagement fournil Mercier');
    expect((screen.getByRole('combobox', { name: 'Client' }) as HTMLInputElement).value).toBe(
      'Boulangerie Mercier',
    );
    expect(field('Adresse du chantier').value).toBe('88 cours Gambetta, 69007 Lyon');
    expect(field('Retenue de garantie (%)').value).toBe('5');
    expect((screen.getByRole('combobox', { name: 'Responsable' }) as HTMLSelectElement).value).toBe('2');
    expect(field('Date de réception des travaux').value).toBe('15/03/2026');
    // No way to create a quote given: no « Nouveau devis » that would lead nowhere.
    expect(screen.queryByRole('button', { name: 'Nouveau devis' })).toBeNull();
  });

  it('says the release date awaits the reception date', () => {
    renderSheet({
      job: { ...job, deliveryDate: null, retainageReleaseDate: null, ownerUserId: null, ownerName: null },
    });
    expect(
      screen.getByText(
        'Libération de la retenue de garantie : en attente de la date de réception des travaux',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Responsable : —')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Responsable' }) as HTMLSelectElement).value).toBe('');
  });

  it('lists the payments: date, invoice, mode label, amount right-aligned, retainage or not', () => {
    renderSheet();
    const table = screen.getByRole('table', { name: 'Règlements' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['20/10/2026', 'FA-2026-00013', 'Virement', '2\u202f045,16\u00a0€', 'Non'],
      ['20/03/2027', 'FA-2026-00013', 'Chèque', '107,64\u00a0€', 'Oui'],
    ]);
    const amount = within(within(table).getAllByRole('row')[2]!).getAllByRole('cell')[3]!;
    expect(amount.className).toBe(within(table).getByRole('columnheader', { name: 'Montant' }).className);
  });

  it('says when the job has no payment', () => {
    renderSheet({ job: { ...job, payments: [] } });
    expect(screen.getByText('Aucun règlement pour cette affaire.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Règlements' })).toBeNull();
  });

  it('saves every changed field with the version it started from; the customer picked with the keyboard', async () => {
    const user = userEvent.setup();
    const { onSave } = renderSheet();
    await user.clear(field("Nom de l'affaire"));
    await user.type(field("Nom de l'affaire"), 'Fournil et boutique');
    const customer = screen.getByRole('combobox', { name: 'Client' });
    await user.clear(customer);
    await user.type(customer, 'Bou');
    expect(customer.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(customer.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Boucherie Petit (C012)' }).id,
    );
    await user.keyboard('{Enter}');
    expect((customer as HTMLInputElement).value).toBe('Boucherie Petit (C012)');
    expect(customer.getAttribute('aria-expanded')).toBe('false');
    await user.clear(field('Retenue de garantie (%)'));
    await user.type(field('Retenue de garantie (%)'), '2,5');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Responsable' }), 'Sophie Martin');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(job, {
      name: 'Fournil et boutique',
      customerId: 12,
      retainageBasisPoints: 250,
      ownerUserId: 1,
    });
  });

  it('refuses a retainage over 5 %, a missing customer and a date not in dd/MM/yyyy without asking the server', async () => {
    const user = userEvent.setup();
    const { onSave } = renderSheet();
    await user.clear(field('Retenue de garantie (%)'));
    await user.type(field('Retenue de garantie (%)'), '6');
    await user.clear(screen.getByRole('combobox', { name: 'Client' }));
    await user.clear(field('Date de réception des travaux'));
    await user.type(field('Date de réception des travaux'), '2026-03-15');
    await save();
    const customer = screen.getByRole('combobox', { name: 'Client' });
    await waitFor(() => expect(document.activeElement).toBe(customer));
    expect(onSave).not.toHaveBeenCalled();
    expect(customer.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(validationMessages.required)).toBeTruthy();
    expect(screen.getByText(validationMessages.number)).toBeTruthy();
    expect(screen.getByText(validationMessages.date)).toBeTruthy();
  });

  it('the reception date is the French date field: picked in its calendar with the keyboard, sent as a day', async () => {
    const user = userEvent.setup();
    const { onSave } = renderSheet();
    await user.click(screen.getByRole('button', { name: 'Changer la date, dimanche 15 mars 2026' }));
    expect(
      screen.getByRole('dialog', { name: 'Choisir une date : Date de réception des travaux' }),
    ).toBeTruthy();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(field('Date de réception des travaux').value).toBe('16/03/2026');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(job, { deliveryDate: '2026-03-16' }));
  });

  it('clears the reception date; a refusal shows the server’s sentence under it and keeps what was typed', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {
      throw new ApiError(409, 'retainage_already_paid');
    });
    renderSheet({ onSave });
    await user.clear(field('Date de réception des travaux'));
    await user.clear(field("Nom de l'affaire"));
    await user.type(field("Nom de l'affaire"), 'Fournil');
    await save();
    await waitFor(() => expect(screen.getByText(serverErrorMessages.retainage_already_paid)).toBeTruthy());
    expect(onSave).toHaveBeenCalledWith(job, { name: 'Fournil', deliveryDate: null });
    expect(field('Date de réception des travaux').value).toBe('');
    expect(field("Nom de l'affaire").value).toBe('Fournil');
  });

  it('a stale save says someone saved first, keeps the typing, and reloads on request', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {
      throw new ApiError(409, 'stale_version');
    });
    const stored = { ...job, version: 3, name: 'Fournil (version de Sophie)' };
    const onReload = vi.fn(async () => stored);
    renderSheet({ onSave, onReload });
    await user.clear(field("Nom de l'affaire"));
    await user.type(field("Nom de l'affaire"), 'Mon nom');
    await save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(serverErrorMessages.stale_version);
    expect(field("Nom de l'affaire").value).toBe('Mon nom');
    await user.click(within(alert).getByRole('button', { name: 'Recharger l’affaire' }));
    await waitFor(() => expect(field("Nom de l'affaire").value).toBe('Fournil (version de Sophie)'));
    expect(onReload).toHaveBeenCalledWith(job.id);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a newer job arriving while typing changes neither the fields nor the version saved', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn<JobSheetViewProps['onSave']>(async (from) => from);
    const props = {
      owners,
      customerChoices: customers,
      onCustomerSearch: () => {},
      onReload: async () => job,
    };
    const { rerender } = render(<JobSheetView job={job} onSave={onSave} {...props} />);
    await user.clear(field("Nom de l'affaire"));
    await user.type(field("Nom de l'affaire"), 'Mon nom');
    rerender(<JobSheetView job={{ ...job, version: 3, name: 'Autre nom' }} onSave={onSave} {...props} />);
    expect(field("Nom de l'affaire").value).toBe('Mon nom');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0].version).toBe(job.version);
  });

  it('lists its quotes with their status chip and validity, each opening its editor', () => {
    renderSheet({
      job: {
        ...job,
        quotes: [
          quoteRow(21, 'sent', { number: 'DE-2026-00021-B', validUntil: '2026-12-24' }),
          quoteRow(20, 'accepted', { validUntil: null }),
        ],
      },
    });
    const table = screen.getByRole('table', { name: 'Devis' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const cells = within(first!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual(['DE-2026-00021-B', 'Devis 21', '02/11/2026', '24/12/2026', 'Envoyé']);
    expect(within(first!).getByRole('link', { name: 'DE-2026-00021-B' }).getAttribute('href')).toContain(
      '/affaires/devis/21',
    );
    expect(within(second!).getAllByRole('cell')[4]!.textContent).toBe('Accepté');
    expect(within(second!).getByRole('link', { name: 'Facturer le devis DE-2026-00020' })).toBeTruthy();
  });

  it('says what its accepted quotes still leave to invoice (« Reste à facturer », issue 26)', () => {
    renderSheet();
    const summary = screen.getByRole('region', { name: 'Montants de l’affaire' });
    const figure = within(summary).getByText('Reste à facturer').parentElement!;
    expect(figure.textContent).toBe('Reste à facturer4\u202f186,00\u00a0€ HT');
  });

  it('« Nouveau devis » asks for the object, creates a draft of this job and opens it', async () => {
    const created = quoteDetail(40, 'draft');
    const createQuote = vi.fn<NonNullable<JobSheetViewProps['createQuote']>>(async () => created);
    const onQuoteCreated = vi.fn();
    renderSheet({ createQuote, onQuoteCreated });
    await userEvent.click(screen.getByRole('button', { name: 'Nouveau devis' }));
    const form = await screen.findByRole('form', { name: 'Nouveau devis' });
    expect(within(form).getByText('Réaménagement fournil Mercier (Boulangerie Mercier)')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Créer le devis' }));
    expect(await within(form).findByText(validationMessages.required)).toBeTruthy();
    expect(createQuote).not.toHaveBeenCalled();
    await userEvent.type(within(form).getByRole('textbox', { name: /Objet du devis/ }), 'Four à sole');
    await userEvent.click(within(form).getByRole('button', { name: 'Créer le devis' }));
    await waitFor(() => expect(onQuoteCreated).toHaveBeenCalledWith(created));
    expect(createQuote).toHaveBeenCalledWith({ businessJobId: job.id, title: 'Four à sole' });
  });
});
