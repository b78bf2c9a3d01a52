import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

/** Two columns at 1280 px, one at 800 px. */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(360px, 1fr))',
  gap: vars.space[4],
  alignItems: 'start',
});

export const list = style({ listStyle: 'none', margin: `0 0 ${vars.space[3]}`, padding: 0 });

export const item = style({
  // The number, then the amount at the line's end (under it when the card is too narrow for both),
  // then what the entry is about on a line of its own.
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space[1]} ${vars.space[3]}`,
  padding: `${vars.space[2]} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

/**
 * What an entry is about (customer first, then the quote's title or the invoice's kind and date),
 * on its own line under the number and the amount, across the card: a 1 280 px screen gives each of
 * the three cards about 390 px, too little to put it between the two (issue 26: the customer of a
 * quote to invoice was cut away).
 */
export const detail = style({
  flexBasis: '100%',
  order: 1,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const muted = style({
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space[3],
  margin: `0 0 ${vars.space[3]}`,
});
globalStyle(`${figures} dt`, { color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
globalStyle(`${figures} dd`, {
  margin: 0,
  fontSize: 18,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
});

/** The amount, at the end of the entry's first line. */
globalStyle(`${item} > :nth-child(3)`, { marginInlineStart: 'auto' });
