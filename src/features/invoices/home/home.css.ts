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
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  gap: vars.space[3],
  alignItems: 'baseline',
  padding: `${vars.space[2]} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
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
