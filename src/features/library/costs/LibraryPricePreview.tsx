import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { CostsInput } from '../../../contract/preferences';
import * as styles from '../library.css';
import { libraryMessages as m } from '../messages';
import { $pricePreview, $proposedCosts, proposeCosts } from './pricePreviewStore';

/** Every field of the costs, as the preview sends them. */
const costFields = [
  'directLabourCostCents',
  'employerChargesBasisPoints',
  'materialPurchaseCostCents',
  'siteCostCents',
  'indirectChargesCents',
  'overheadExpensesCents',
  'yearlySiteHours',
  'contingencyBasisPoints',
  'benefitBasisPoints',
  'labourCoefficientMilli',
  'materialsCoefficientMilli',
] as const satisfies readonly (keyof CostsInput)[];

/** Typing waits this long before the server prices the library again. */
export const PREVIEW_DELAY_MS = 400;

/** The costs on screen, or null while one does not read or when nothing differs from `stored`. */
export function proposedCosts(
  read: (name: string) => unknown,
  stored: Record<string, unknown>,
): CostsInput | null {
  const costs: Record<string, number> = {};
  for (const name of costFields) {
    const value = read(name);
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return null;
    costs[name] = value;
  }
  return costFields.every((name) => costs[name] === stored[name]) ? null : (costs as CostsInput);
}

/**
 * Under « Coûts et prix de vente », before saving: how many library items would change sale price
 * with the costs typed (nothing shown while they are the stored ones).
 */
export function LibraryPricePreview({
  read,
  stored,
}: {
  read: (name: string) => unknown;
  stored: Record<string, unknown>;
}) {
  const proposal = proposedCosts(read, stored);
  const key = proposal === null ? null : JSON.stringify(proposal);
  useEffect(() => {
    if (key === null) {
      proposeCosts(null);
      return;
    }
    const timer = setTimeout(() => proposeCosts(JSON.parse(key) as CostsInput), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  useEffect(() => () => proposeCosts(null), []);
  const asked = useStore($proposedCosts);
  const { data, error, loading } = useStore($pricePreview);

  let text = '';
  if (key !== null) {
    if (asked !== key || loading) text = m.previewCalculating;
    else if (error) text = m.previewFailed;
    else if (data !== undefined) text = data === 0 ? m.previewNone : m.previewChanged(data);
  }
  return (
    <p role="status" className={text ? styles.notice : undefined}>
      {text}
    </p>
  );
}
