import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

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
