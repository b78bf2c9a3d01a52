import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateKeys } from '../../../api/query';
import { setConfig } from '../../../config/config';
import { $session, resetSession } from '../../../session/session';
import { mockFetch } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { CostsPanel } from '../../preferences/pages/CostsPage';
import { sampleCosts } from '../../preferences/pages/samples';
import { $pricePreview, costsSaved, proposeCosts } from './pricePreviewStore';

const previewPath = '/v2/companies/1/library/price-preview';

beforeEach(() => {
  setConfig({ apiHost: 'https://api.example', clientOrigin: location.origin });
  setTokenCookie(makeToken(demoClaims));
});

afterEach(() => {
  resetSession();
  invalidateKeys(() => true);
  setTokenCookie(null);
});

describe('« Coûts et prix de vente » and the price library', () => {
  it('says, before saving, how many library items change price with the costs typed', async () => {
    const { calls } = mockFetch({
      [`POST ${previewPath}`]: ({ body }) => ({
        body: {
          data: { changed: (body as { benefitBasisPoints: number }).benefitBasisPoints === 2000 ? 12 : 1 },
        },
      }),
    });
    $session.set({ status: 'signed-in', userId: 7, enterpriseId: 1, isAdmin: false, scopes: [] });
    const user = userEvent.setup();
    render(<CostsPanel costs={sampleCosts} save={vi.fn()} onSaved={vi.fn()} />);
    // The stored costs change nothing: nothing asked, nothing said.
    expect(screen.getAllByRole('status').every((status) => status.textContent === '')).toBe(true);

    await user.clear(screen.getByLabelText('Bénéfice (%)'));
    await user.type(screen.getByLabelText('Bénéfice (%)'), '20');
    expect(
      await screen.findByText('Avec ces coûts, 12 éléments de la bibliothèque changent de prix de vente.'),
    ).toBeTruthy();
    const asked = calls.filter((call) => new URL(call.url).pathname === previewPath);
    // One request for the pause in the typing, with every field of the costs as they would be saved.
    expect(asked.at(-1)!.body).toEqual({
      directLabourCostCents: sampleCosts.directLabourCostCents,
      employerChargesBasisPoints: sampleCosts.employerChargesBasisPoints,
      materialPurchaseCostCents: sampleCosts.materialPurchaseCostCents,
      siteCostCents: sampleCosts.siteCostCents,
      indirectChargesCents: sampleCosts.indirectChargesCents,
      overheadExpensesCents: sampleCosts.overheadExpensesCents,
      yearlySiteHours: sampleCosts.yearlySiteHours,
      contingencyBasisPoints: sampleCosts.contingencyBasisPoints,
      benefitBasisPoints: 2000,
      labourCoefficientMilli: sampleCosts.labourCoefficientMilli,
      materialsCoefficientMilli: sampleCosts.materialsCoefficientMilli,
    });

    // Back to the stored figure: nothing changes, nothing is said.
    await user.clear(screen.getByLabelText('Bénéfice (%)'));
    await user.type(
      screen.getByLabelText('Bénéfice (%)'),
      String(sampleCosts.benefitBasisPoints / 100).replace('.', ','),
    );
    await waitFor(() =>
      expect(screen.queryByText(/de la bibliothèque (changent|change) de prix/)).toBeNull(),
    );
  });

  it('asks again once the costs are saved (every library price follows them)', async () => {
    const { calls } = mockFetch({ [`POST ${previewPath}`]: () => ({ body: { data: { changed: 3 } } }) });
    // Without a session nothing is known to refresh.
    costsSaved();
    $session.set({ status: 'signed-in', userId: 7, enterpriseId: 1, isAdmin: false, scopes: [] });
    const { version: _version, computed: _computed, ...input } = sampleCosts;
    proposeCosts(input);
    const stop = $pricePreview.listen(() => {});
    await waitFor(() => expect($pricePreview.get().data).toBe(3));
    costsSaved();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    stop();
    proposeCosts(null);
  });
});
