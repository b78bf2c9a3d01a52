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
globalStyle(`${body} table input${cellInput}`, { '@container': { [narrow]: { minWidth: '7rem' } } });
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
