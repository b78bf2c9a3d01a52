import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';
import { cellInput, priceInput, quantityInput, unitInput } from '../../invoices/editor/editor.css';
import { amount } from '../../invoices/invoices.css';

/**
 * The quote's lines take the editor's width (a quote has more columns than an invoice: the option
 * flag, the moves); the totals and the revisions sit under them, on the right.
 */
export const body = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  // The invoice editor's areas (editor.css.ts linesArea, totalsArea) name these rows: without them
  // both areas would share one implicit cell and the totals would cover the add buttons.
  gridTemplateAreas: '"lines" "totals" "revisions"',
  gap: vars.space[4],
  alignItems: 'start',
});

/*
 * The lines' grid (the invoices' LineTable) in the quote editor: a quote has two more columns (the
 * option flag, the moves), so at 800 px the line totals were pushed out of view. Tighter cells,
 * headers that may wrap (« Prix unitaire HT » on two lines) and a chapter's « dont options » under
 * its subtotal keep the designation readable and the totals in view; amounts sit level with the
 * fields of their row rather than at its top.
 */
// Under 900 px of editor (the SPA or a platform page at 800 px), narrower fields: the designation
// down to 7 rem, quantities and prices to their usual digits, so the line totals stay in view.
const narrow = '(max-width: 899.98px)';
globalStyle(`${body} table input${cellInput}`, { '@container': { [narrow]: { minWidth: '5.5rem' } } });
// A row's buttons (↑ ↓ ×) two by two under 900 px: the grid keeps the line totals in view without
// scrolling sideways (the inline-flex of LineGrid's row buttons is overridden here only).
globalStyle(`${body} table tbody td:last-child > span`, {
  '@container': {
    [narrow]: {
      display: 'grid !important',
      gridTemplateColumns: 'repeat(2, auto)',
      justifyContent: 'start',
      minWidth: 0,
    },
  },
});
globalStyle(`${body} table input${quantityInput}`, {
  '@container': {
    [narrow]: { width: `calc(5ch + 2 * ${vars.space[1]} + 2px)`, paddingInline: vars.space[1] },
  },
});
globalStyle(`${body} table input${unitInput}`, {
  '@container': {
    [narrow]: { width: `calc(4ch + 2 * ${vars.space[1]} + 2px)`, paddingInline: vars.space[1] },
  },
});
globalStyle(`${body} table input${priceInput}`, {
  '@container': {
    [narrow]: { width: `calc(8ch + 2 * ${vars.space[1]} + 2px)`, paddingInline: vars.space[1] },
  },
});
globalStyle(`${body} table th, ${body} table td`, {
  '@container': { [narrow]: { paddingInline: vars.space[1] } },
});
globalStyle(`${body} table thead th`, { whiteSpace: 'normal', verticalAlign: 'bottom' });
// An amount's header on two lines at most (« Prix unitaire » / « HT »), not one word a line.
globalStyle(`${body} table thead th${amount}`, {
  minWidth: '6.5rem',
  '@container': { [narrow]: { minWidth: 0 } },
});
globalStyle(`${body} table tbody td`, { verticalAlign: 'middle' });
globalStyle(`${body} table tbody td > span`, {
  whiteSpace: 'normal',
  minWidth: '7.5rem',
  '@container': { [narrow]: { minWidth: '5.5rem' } },
});

/** Why the quote is read-only: calm, informative (not an error). */
export const notice = style({
  margin: 0,
  padding: vars.space[3],
  borderRadius: vars.radius,
  background: vars.color.infoSurface,
  color: vars.color.infoText,
});

/** The payment terms: the panel's whole width. */
export const wide = style({ gridColumn: '1 / -1' });

export const revisions = style({ gridArea: 'revisions', justifySelf: 'end', width: 'min(100%, 360px)' });
export const revisionList = style({
  margin: 0,
  paddingInlineStart: vars.space[4],
  display: 'grid',
  gap: vars.space[1],
});
globalStyle(`${revisionList} li`, { fontVariantNumeric: 'tabular-nums' });

export const currentRevision = style({ fontWeight: 600 });

/** A revision to open: reads as a link, is a button (it opens the quote in this editor). */
export const revisionLink = style({
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  color: vars.color.brandText,
  textDecoration: 'underline',
  cursor: 'pointer',
});

// « Insérer un métré » (issue 23): the groups to choose, the measures to tick, the line's source.

export const pickList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space[1],
});

/** A group to open: the whole row is the button (its name, then its application, count, job). */
export const pickButton = style({
  display: 'grid',
  width: '100%',
  gap: 2,
  padding: `${vars.space[2]} ${vars.space[3]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
  font: 'inherit',
  color: vars.color.text,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceHover } },
});
export const pickName = style({ fontWeight: 600 });

export const measureList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space[1],
  maxHeight: '45vh',
  overflowY: 'auto',
});

export const measureSum = style({ fontWeight: 600, fontVariantNumeric: 'tabular-nums' });

/** Under a line's designation: where its quantity came from, and whether that changed. */
export const lineSource = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[2],
  margin: `${vars.space[1]} 0 0`,
  fontSize: vars.font.sizeSmall,
  color: vars.color.textMuted,
  whiteSpace: 'normal',
});

/** The measures changed since the quantity was inserted: a mark the eye finds (not an error). */
export const lineMark = style({
  padding: `2px ${vars.space[2]}`,
  borderRadius: vars.radius,
  background: vars.color.warningSurface,
  color: vars.color.warningText,
  fontWeight: 600,
});

/** A small action inside a line (« Mettre à jour », « Détailler l'ouvrage »): reads as a link. */
export const lineAction = style({
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  fontSize: vars.font.sizeSmall,
  color: vars.color.brandText,
  textDecoration: 'underline',
  cursor: 'pointer',
});

// A work's composition unfolded under its line (issue 22)

export const composition = style({
  display: 'grid',
  gap: vars.space[2],
  padding: vars.space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surfaceSubtle,
  whiteSpace: 'normal',
});
export const compositionTitle = style({ margin: 0, fontSize: 14, fontWeight: 600 });

/** One component a row: designation, quantity, unit, cost, sale price (wraps at 800 px). */
export const componentList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space[1],
});
export const componentRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(6rem, 1fr) 6rem 2.5rem 7rem 7rem',
  alignItems: 'center',
  gap: vars.space[2],
  '@container': {
    '(max-width: 899.98px)': { gridTemplateColumns: 'minmax(6rem, 1fr) 5.5rem 2.5rem 6.5rem' },
  },
});
/** The components' column names, over their rows (the fields have their own accessible names). */
export const componentHead = style([
  componentRow,
  { fontSize: vars.font.sizeSmall, color: vars.color.textMuted },
]);
export const componentSale = style({
  textAlign: 'end',
  fontVariantNumeric: 'tabular-nums',
  '@container': { '(max-width: 899.98px)': { gridColumn: '1 / -1', textAlign: 'start' } },
});
export const componentInput = style([cellInput, amount, { minWidth: 0 }]);

// The margins (issue 22): their four columns push the grid sideways below about 1 300 px of editor
// (at 1 280 px of window the row buttons were out of view, at 800 px the totals): there they leave
// the grid and each line says its margin under its designation instead (same figures).
const marginsAside = '(max-width: 1299.98px)';
export const marginColumn = style({});
export const narrowMargin = style({
  display: 'none',
  '@container': { [marginsAside]: { display: 'block' } },
});
globalStyle(`${body} table ${marginColumn}`, {
  '@container': { [marginsAside]: { display: 'none' } },
});
