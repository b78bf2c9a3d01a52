/**
 * The page of bench/table-render.ts: renders 10 000 outstanding payment lines once, either with the
 * screens' virtualised `PaymentsTable` (`#virtual`) or with a plain React table of the same columns
 * and cells (`#plain`), and records the time from the render call to the first frame painted
 * afterwards in `window.__renderMs`.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { outstandingColumns } from '../../src/features/payments/columns';
import { PaymentsTable } from '../../src/features/payments/PaymentsTable';
import * as styles from '../../src/features/payments/payments.css';
import { makeOutstanding } from '../../src/features/payments/testing/paymentFixtures';

const rows = makeOutstanding(Number(new URLSearchParams(location.search).get('rows') ?? 10_000));
const variant = location.hash.slice(1);

/** What a table without virtualisation does: every row in the DOM. */
function PlainTable() {
  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>
              <input type="checkbox" aria-label="Tout sélectionner" />
            </th>
            {outstandingColumns.map((column) => (
              <th key={column.id}>{column.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <td>
                <input type="checkbox" aria-label={row.key} />
              </td>
              {outstandingColumns.map((column) => (
                <td key={column.id} className={column.numeric ? styles.amount : styles.textCell}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const root = createRoot(document.getElementById('root')!);
const started = performance.now();
flushSync(() =>
  root.render(
    variant === 'plain' ? (
      <PlainTable />
    ) : (
      <PaymentsTable
        caption="Règlements en attente"
        columns={outstandingColumns}
        rows={rows}
        keyOf={(row) => row.key}
        rowLabel={(row) => row.key}
        selected={{}}
        sort="dueDate"
        order="asc"
        onSort={() => {}}
        onToggle={() => {}}
        onTogglePage={() => {}}
      />
    ),
  ),
);
// Layout and paint of what was rendered: the frame after next starts once it is on screen.
requestAnimationFrame(() =>
  requestAnimationFrame(() => {
    (window as unknown as { __renderMs: number }).__renderMs = performance.now() - started;
    (window as unknown as { __rowsInDom: number }).__rowsInDom = document.querySelectorAll('tbody tr').length;
  }),
);
