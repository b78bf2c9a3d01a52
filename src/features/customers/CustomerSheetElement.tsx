import { Suspense } from 'react';
import type { ElementHostProps } from '../../elements/defineElement';
import { emit } from '../../elements/events';
import { drawsAtOnce, lazyComponent } from '../../ui/lazyComponent';
import { Spinner } from '../../ui/Spinner';

/** The sheet, its form, zod, react-hook-form: a lazy chunk, so the page's first load does not grow. */
const CustomerSheet = lazyComponent(async () => (await import('./sheet/CustomerSheet')).CustomerSheet);

export interface CustomerSheetElementProps extends ElementHostProps {
  customerId?: number;
}

/**
 * `<bo-customer-sheet customer-id="42">`: the customer sheet on a platform page. Deleting the
 * customer dispatches `bo-customer-deleted`; the page decides where to go.
 */
function CustomerSheetElementDrawn({ customerId, host }: CustomerSheetElementProps) {
  if (!customerId || !Number.isInteger(customerId) || customerId < 1) return null;
  return (
    <Suspense fallback={<Spinner />}>
      <CustomerSheet
        key={customerId}
        customerId={customerId}
        headingLevel={2}
        onDeleted={() => emit(host, 'bo-customer-deleted', { id: customerId })}
      />
    </Suspense>
  );
}

export const CustomerSheetElement = drawsAtOnce(CustomerSheetElementDrawn, CustomerSheet);
