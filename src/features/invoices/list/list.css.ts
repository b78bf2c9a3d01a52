import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export { footer, sortButton, toolbar } from '../../../ui/table.css';

export const searchField = style({ flex: '1 1 240px', maxWidth: 360 });

export const scroller = style({ maxHeight: 'calc(100vh - 320px)', minHeight: 200 });

export const checkCell = style({ width: 40 });

export const textCell = style({
  maxWidth: 240,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** The totals of what the filters select, and of the checked rows. */
export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space[2]} ${vars.space[6]}`,
  alignItems: 'baseline',
  padding: `${vars.space[2]} ${vars.space[3]}`,
  marginBottom: vars.space[3],
  background: vars.color.surfaceSubtle,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  fontVariantNumeric: 'tabular-nums',
});

export const batchBar = style([
  summary,
  { background: vars.color.brandSubtle, borderColor: vars.color.brand },
]);

export const secondary = style({ '@media': { 'screen and (max-width: 1023px)': { display: 'none' } } });
