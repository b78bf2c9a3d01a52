import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateKeys } from '../../api/query';
import { setConfig } from '../../config/config';
import { $session, resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import { Reporting, ReportingView, type ReportingViewProps } from './Reporting';
import { $reportingChoice, chooseReporting, periodOfChoice, todayInFrance } from './reportingStores';
import {
  marginsFixture,
  period,
  seriesFixture,
  summaryFixture,
  vatFixture,
} from './testing/reportingFixtures';

// The canvas chart has no canvas in jsdom: its accessible image stands in for it.
vi.mock('./BarChart', () => ({
  BarChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const saved: { filename: string; text: Promise<string> }[] = [];
vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof import('../../api/client')>()),
  saveFile: ({ filename, blob }: { filename: string; blob: Blob }) =>
    saved.push({ filename, text: blob.text() }),
}));

const props = (changes: Partial<ReportingViewProps> = {}): ReportingViewProps => ({
  choice: { kind: 'fiscalYear', from: '', to: '' },
  period,
  summary: { data: summaryFixture, failed: false },
  series: { data: seriesFixture, failed: false },
  margins: { data: marginsFixture, failed: false },
  vat: { data: vatFixture, failed: false },
  onChoose: () => {},
  onRetry: () => {},
  ...changes,
});

describe('the reporting', () => {
  it('shows each figure with the previous period and its change', () => {
    render(<ReportingView {...props()} />);
    expect(
      screen.getByText('Du 01/01/2026 au 31/12/2026, comparé à la période du 01/01/2025 au 31/12/2025'),
    ).toBeTruthy();
    const figure = (label: string) =>
      screen.getAllByText(label).find((node) => node.tagName === 'DT')!.parentElement!.textContent;
    expect(figure('Facturé HT (avoirs déduits)')).toBe(
      'Facturé HT (avoirs déduits)45\u202f250,00\u00a0€Période précédente : 40\u202f000,00\u00a0€ (+13,13\u00a0%)',
    );
    expect(figure('Encaissé')).toContain('41\u202f771,25\u00a0€');
    expect(figure('Encaissé')).toMatch(/\(-7,18\u00a0%\)$/);
    expect(figure('TVA collectée')).toContain('7\u202f213,00\u00a0€');
    expect(figure('Délai moyen de paiement')).toBe(
      'Délai moyen de paiement84 joursPériode précédente : 23 jours (+265,22\u00a0%)',
    );
  });

  it('draws each chart with an accessible name and its figures as a table', () => {
    render(<ReportingView {...props()} />);
    for (const title of [
      'Facturé et encaissé par mois',
      'Créances par ancienneté',
      'Devis envoyés, acceptés et refusés',
      'Meilleurs clients',
      'Marge prévue par affaire',
    ]) {
      expect(screen.getByRole('img', { name: `Graphique : ${title}` })).toBeTruthy();
      expect(screen.getByRole('table', { name: title })).toBeTruthy();
    }
    const aged = within(screen.getByRole('table', { name: 'Créances par ancienneté' })).getAllByRole('row');
    expect(aged.map((row) => row.textContent)).toEqual([
      'AnciennetéMontantFactures',
      'Pas encore échu8\u202f425,45\u00a0€6',
      '1 à 30 jours de retard1\u202f800,00\u00a0€2',
      '31 à 60 jours de retard900,00\u00a0€1',
      '61 à 90 jours de retard0,00\u00a0€0',
      'Plus de 90 jours de retard400,00\u00a0€1',
      'Retenues de garantie échues1\u202f000,00\u00a0€',
      'Retenues de garantie pas encore échues2\u202f263,50\u00a0€',
    ]);
    expect(screen.getByText(/^Taux de transformation/).textContent).toBe(
      'Taux de transformation : 40\u00a0%',
    );
  });

  it('downloads what a table shows as CSV, formula cells neutralised', async () => {
    saved.length = 0;
    render(<ReportingView {...props()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger en CSV : Meilleurs clients' }));
    expect(saved[0]!.filename).toBe('meilleurs-clients_2026-01-01_2026-12-31.csv');
    // The byte order mark is csvText's (src/contract/csv.test.ts); jsdom's Blob drops it here.
    expect((await saved[0]!.text).replace(/^\uFEFF/, '')).toBe(
      'Client;Facturé HT;Facturé TTC\r\n' +
        'Boulangerie Mercier;12500,00;15000,00\r\n' +
        '"\'=HYPERLINK(""x"")";8000,00;9600,00\r\n' +
        'Claire Dupont;4100,00;4510,00\r\n',
    );
  });

  it('a typed period out of order is said, and nothing is asked', async () => {
    const onChoose = vi.fn();
    const { rerender } = render(<ReportingView {...props({ onChoose })} />);
    await userEvent.selectOptions(screen.getByLabelText('Période'), 'custom');
    expect(onChoose).toHaveBeenCalledWith({ kind: 'custom' });
    rerender(
      <ReportingView
        {...props({
          onChoose,
          choice: { kind: 'custom', from: '2026-05-01', to: '2026-04-01' },
          period: null,
        })}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Choisissez une date de début avant la date de fin, sur dix ans au plus.',
    );
    expect((screen.getByLabelText('Du') as HTMLInputElement).value).toBe('01/05/2026');
  });

  it('a failed load says so and offers to try again', async () => {
    const onRetry = vi.fn();
    render(<ReportingView {...props({ summary: { data: undefined, failed: true }, onRetry })} />);
    expect(screen.getByText("Les chiffres n'ont pas pu être chargés.")).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Réessayer' })[0]!);
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('the reporting period', () => {
  it('today in France, and the period a choice names', () => {
    expect(todayInFrance(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    const none = { start: null, end: null };
    expect(periodOfChoice({ kind: 'month', from: '', to: '' }, '2026-11-27', none)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(
      periodOfChoice({ kind: 'custom', from: '2026-01-10', to: '2026-02-10' }, '2026-11-27', none),
    ).toEqual({
      from: '2026-01-10',
      to: '2026-02-10',
    });
    expect(periodOfChoice({ kind: 'custom', from: '', to: '2026-02-10' }, '2026-11-27', none)).toBeNull();
    expect(
      periodOfChoice({ kind: 'custom', from: '2000-01-01', to: '2026-02-10' }, '2026-11-27', none),
    ).toBeNull();
  });
});

describe('the reporting over the API', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example', clientOrigin: location.origin });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 2, enterpriseId: 1, isAdmin: true, scopes: [] });
    $reportingChoice.set({ kind: 'fiscalYear', from: '', to: '' });
  });
  afterEach(() => {
    invalidateKeys(() => true);
    resetSession();
    setTokenCookie(null);
  });

  it('asks the fiscal year of the settings, then another period when one is chosen', async () => {
    const fiscal = { from: '', to: '' };
    const answer = (data: unknown) => () => ({ body: { data } });
    const calls = mockFetch({
      'GET /v2/companies/1/settings/accounting': answer({
        fiscalYearStart: '2025-07-01',
        fiscalYearEnd: '2026-06-30',
      }),
      'GET /v2/companies/1/reporting/summary': (call) => {
        const url = new URL(call.url);
        fiscal.from = url.searchParams.get('from')!;
        fiscal.to = url.searchParams.get('to')!;
        return { body: { data: summaryFixture } };
      },
      'GET /v2/companies/1/reporting/series': answer(seriesFixture),
      'GET /v2/companies/1/reporting/margins': answer(marginsFixture),
      'GET /v2/companies/1/reporting/vat': answer(vatFixture),
    });
    render(<Reporting />);
    await screen.findByRole('table', { name: 'Meilleurs clients' });
    expect(fiscal.from.slice(5)).toBe('07-01');
    expect(fiscal.to.slice(5)).toBe('06-30');
    chooseReporting({ kind: 'custom', from: '2026-03-01', to: '2026-03-31' });
    await waitFor(() => expect(fiscal).toEqual({ from: '2026-03-01', to: '2026-03-31' }));
    expect(calls.calls.some((c) => c.url.includes('/reporting/vat?from=2026-03-01&to=2026-03-31'))).toBe(
      true,
    );
  });
});
