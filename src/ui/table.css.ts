import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/**
 * What the lists share (customers, invoices, payments). The table's own styles are plain objects,
 * spread into each list's classes and cell rules, which add their layout (column widths, ellipsis).
 */

/** The filters above a list. */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space[3],
  marginBottom: vars.space[3],
});

/** The search box of the filters: it takes the room the other filters leave. */
export const searchField = style({ flex: '1 1 240px', maxWidth: 360 });

/** The scroll box that keeps the header in view (sticky needs its own scroll container). */
export const scrollBox = {
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
};

export const tableBase = { width: '100%', borderCollapse: 'separate', borderSpacing: 0 } as const;

/** A header cell: stays on top while the rows scroll. */
export const headCell = {
  position: 'sticky',
  top: 0,
  zIndex: 1,
  background: vars.color.surfaceSubtle,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  fontWeight: 600,
  padding: `${vars.space[2]} ${vars.space[3]}`,
  whiteSpace: 'nowrap',
} as const;

export const bodyCell = {
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderBottom: `1px solid ${vars.color.border}`,
};

/** A column header that sorts the list. */
export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[1],
  padding: 0,
  border: 0,
  background: 'transparent',
  fontWeight: 600,
  cursor: 'pointer',
});

/** Under the list: the range shown and the pager. */
export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
  marginTop: vars.space[3],
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

/** The previous and next page buttons. */
export const pageSteps = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2] });

/** A list's load that failed: its sentence and a retry, above the rows shown before. */
export const alert = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
  padding: vars.space[3],
  marginBottom: vars.space[3],
  borderRadius: vars.radius,
  background: vars.color.errorSurface,
  color: vars.color.errorText,
});
globalStyle(`${alert} p`, { margin: 0 });

/** No row at all, or none for these filters. */
export const emptyPanel = style({
  padding: vars.space[6],
  textAlign: 'center',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
});

/** The totals of what the filters select. */
export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space[2]} ${vars.space[6]}`,
  alignItems: 'center',
  padding: `${vars.space[2]} ${vars.space[3]}`,
  marginBottom: vars.space[3],
  background: vars.color.surfaceSubtle,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  fontVariantNumeric: 'tabular-nums',
});

/** The checked rows: how many, their totals, and the batch actions. */
export const batchBar = style([
  summary,
  { background: vars.color.brandSubtle, borderColor: vars.color.brand },
]);

/** The checkbox column. */
export const checkCell = style({ width: 40 });
