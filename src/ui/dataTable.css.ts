import { createContainer, globalStyle, keyframes, style } from '@vanilla-extract/css';
import { bodyCell, headCell, scrollBox, tableBase } from './table.css';
import { vars } from './theme.css';

export { batchBar, footer, pageSteps } from './table.css';

/**
 * The one table's styles (src/ui/DataTable.tsx). Which columns show depends on the room the table
 * has, not on the window: a container query, so an element on a platform page, the SPA at 800 px
 * (768 px of content) and a phone each get the columns that fit. Priorities (data-priority):
 * 1 always shows (identifier, amount), 2 gives way under 600 px of table, 3 under 900 px, 4 under
 * 1 250 px (the SPA's 1 280 px screen gives a table 1 216 px: a column only very wide pages show).
 */
const tableRoom = createContainer('dataTable');

/** Under these widths of the table's box, priority 3, then 2, columns give way. */
export const HIDE_WIDE_ONLY_BELOW = 1250;
export const HIDE_LOW_BELOW = 900;
export const HIDE_MEDIUM_BELOW = 600;

export const root = style({ containerName: tableRoom, containerType: 'inline-size', minWidth: 0 });

/** The scroll box that keeps the header in view (sticky needs its own scroll container). */
export const scroller = style([
  scrollBox,
  { position: 'relative', maxHeight: 'calc(100vh - 300px)', minHeight: 120 },
]);

export const table = style([tableBase, { selectors: { '&[aria-busy="true"]': { cursor: 'progress' } } }]);
/** Columns sized by <col> widths (the rows do not make them jump between pages). */
export const fixedLayout = style({ tableLayout: 'fixed' });

// Headers may wrap (« Montant réglé TTC » on two lines) so that the column is as wide as its values.
globalStyle(`${table} thead th`, { ...headCell, whiteSpace: 'normal', verticalAlign: 'bottom' });
globalStyle(`${table} td, ${table} tbody th`, { ...bodyCell, verticalAlign: 'top' });
// A row's header cell (a user's name, a rate's name) reads as the rest of its row.
globalStyle(`${table} tbody th`, { textAlign: 'start', fontWeight: 'inherit' });
globalStyle(`${table} tbody tr:hover > *`, { background: vars.color.surfaceHover });
globalStyle(`${table} tbody tr[aria-selected="true"] > *`, { background: vars.color.brandSubtle });

globalStyle(`${table} [data-priority="4"]`, {
  '@container': { [`${tableRoom} (max-width: ${HIDE_WIDE_ONLY_BELOW - 0.02}px)`]: { display: 'none' } },
});
globalStyle(`${table} [data-priority="3"], ${table} [data-priority="4"]`, {
  '@container': { [`${tableRoom} (max-width: ${HIDE_LOW_BELOW - 0.02}px)`]: { display: 'none' } },
});
globalStyle(`${table} [data-priority="2"], ${table} [data-priority="3"], ${table} [data-priority="4"]`, {
  '@container': { [`${tableRoom} (max-width: ${HIDE_MEDIUM_BELOW - 0.02}px)`]: { display: 'none' } },
});

/** A column as wide as its content, never cut (dates, numbers, statuses). */
export const fitCell = style({ width: '1%', whiteSpace: 'nowrap' });

/**
 * A column that takes the room the others leave (max-width 0 takes it out of the table's minimum),
 * cut with an ellipsis, never under 96 px: below that the box scrolls sideways.
 */
export const growCell = style({
  maxWidth: 0,
  minWidth: 96,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** A narrow column whose content may wrap (a number with its chip under it): as narrow as it can. */
export const wrapCell = style({ width: '1%' });

/** In a fixed layout: the <col> gives the width, long texts end in an ellipsis. */
export const fixedCell = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

/** An amount: right-aligned, tabular figures, whole. */
export const amount = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
globalStyle(`${table} thead th${amount}`, { textAlign: 'end' });

/** A header that sorts: the whole title is the button (Enter and Space sort from the keyboard). */
export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  padding: 0,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontWeight: 600,
  textAlign: 'start',
  cursor: 'pointer',
});
globalStyle(`${amount} ${sortButton}`, { textAlign: 'end' });

/** The checkbox column. */
export const checkCell = style({ width: 40 });

/** A row that opens its record when clicked. */
export const clickable = style({ cursor: 'pointer' });

/** The empty rows standing for the rows above and below the virtualiser's window. */
export const spacer = style({ padding: '0 !important', border: '0 !important' });

/**
 * An amber line over the table's top edge while another page, sort or search is on its way (the
 * rows stay at full contrast: dimmed text would fall under the 4.5:1 contrast the product keeps).
 */
export const progress = style({
  position: 'sticky',
  top: 0,
  height: 3,
  marginBottom: -3,
  zIndex: 2,
  background: vars.color.brand,
});

/** The pager: the page numbers around the current one, first, previous, next, last. */
export const pager = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[1] });

export const pageButton = style({
  minWidth: 36,
  minHeight: 36,
  padding: `0 ${vars.space[2]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceHover },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
    '&[aria-current="page"]': {
      background: vars.color.brand,
      borderColor: vars.color.brand,
      color: vars.color.onBrand,
      fontWeight: 600,
      cursor: 'default',
    },
  },
  '@media': {
    'screen and (max-width: 599.98px)': { minWidth: 32, minHeight: 32, padding: `0 ${vars.space[1]}` },
  },
});

/** Page numbers two away from the current one: left out on phones, where room is short. */
export const farPage = style({ '@media': { 'screen and (max-width: 599.98px)': { display: 'none' } } });

export const pageGap = style({ padding: `0 ${vars.space[1]}`, color: vars.color.textMuted });

/** The range shown and what is on its way, left of the pager. */
export const pageStatus = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[3],
});
globalStyle(`${pageStatus} p`, { margin: 0 });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

/** Beside the range while another page is on its way (the rows shown stay). */
export const loadingSpinner = style({
  width: 14,
  height: 14,
  border: `2px solid ${vars.color.border}`,
  borderTopColor: vars.color.brand,
  borderRadius: '50%',
  animation: `${spin} 800ms linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2400ms' } },
});
