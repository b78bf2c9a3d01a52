/**
 * The page of bench/table-render.ts: renders 10 000 outstanding payment lines once with the one
 * `DataTable` and the screens' columns, either virtualised (`#virtual`, as the payments screens
 * draw it) or with every row in the DOM (`#plain`), and records the time from the render call to
 * the first frame painted afterwards in `window.__renderMs`.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { outstandingColumns } from '../../src/features/payments/columns';
import * as styles from '../../src/features/payments/payments.css';
import { makeOutstanding } from '../../src/features/payments/testing/paymentFixtures';
import { DataTable } from '../../src/ui/DataTable';

const rows = makeOutstanding(Number(new URLSearchParams(location.search).get('rows') ?? 10_000));
const variant = location.hash.slice(1);

const root = createRoot(document.getElementById('root')!);
const started = performance.now();
flushSync(() =>
  root.render(
    <DataTable
      caption="Règlements en attente"
      columns={outstandingColumns}
      rows={rows}
      rowKey={(row) => row.key}
      sort="dueDate"
      order="asc"
      onSort={() => {}}
      virtual={variant !== 'plain'}
      className={styles.scroller}
      selection={{
        isSelected: () => false,
        onToggle: () => {},
        onTogglePage: () => {},
        rowLabel: (row) => row.key,
      }}
    />,
  ),
);
// Layout and paint of what was rendered: the frame after next starts once it is on screen.
requestAnimationFrame(() =>
  requestAnimationFrame(() => {
    (window as unknown as { __renderMs: number }).__renderMs = performance.now() - started;
    (window as unknown as { __rowsInDom: number }).__rowsInDom = document.querySelectorAll('tbody tr').length;
  }),
);
