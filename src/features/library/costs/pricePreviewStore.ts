/**
 * « Coûts et prix de vente » before saving (issue 22): how many library items would change sale
 * price with the costs on screen. The server prices every item twice with the one rule
 * (POST library/price-preview); the answer is cached per proposal, like every read of the data layer.
 */
import { atom } from 'nanostores';
import { previewLibraryPrices } from '../../../api/library';
import { $companyPath, createFetcherStore, invalidateKeys } from '../../../api/query';
import type { CostsInput } from '../../../contract/preferences';

/** The costs proposed (JSON of every field), null when they equal the stored ones or do not read. */
export const $proposedCosts = atom<string | null>(null);

export const $pricePreview = createFetcherStore<number, unknown>(
  [$companyPath, '/library/price-preview#', $proposedCosts],
  {
    fetcher: (prefix, _path, costs) => {
      const path = String(prefix);
      return previewLibraryPrices(Number(path.slice(path.lastIndexOf('/') + 1)), JSON.parse(String(costs)));
    },
    revalidateOnFocus: false,
  },
);

export function proposeCosts(costs: CostsInput | null): void {
  $proposedCosts.set(costs === null ? null : JSON.stringify(costs));
}

/**
 * « Coûts et prix de vente » saved: every library price follows (lists, sheets, previews) and the
 * library's copy of the costs is read again. The items themselves did not change.
 */
export function costsSaved(): void {
  const prefix = $companyPath.get();
  if (prefix === null) return;
  invalidateKeys((key) => key.startsWith(`${prefix}/library/`) || key === `${prefix}/settings/costs`);
}
