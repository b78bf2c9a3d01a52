import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space[3],
  marginBottom: vars.space[3],
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1] });

export const searchField = style([field, { flex: '1 1 280px', maxWidth: 420 }]);

export const label = style({ fontWeight: 500 });

export const control = style({
  minHeight: 36,
  padding: `${vars.space[1]} ${vars.space[3]}`,
  border: '1px solid #9ca3af',
  borderRadius: vars.radius,
  background: vars.color.surface,
});

/** The scroll box that keeps the header in view (sticky needs its own scroll container). */
export const scroller = style({
  maxHeight: 'calc(100vh - 260px)',
  minHeight: 200,
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
});

export const table = style({ width: '100%', borderCollapse: 'separate', borderSpacing: 0 });

globalStyle(`${table} th`, {
  position: 'sticky',
  top: 0,
  zIndex: 1,
  background: vars.color.surfaceSubtle,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  fontWeight: 600,
  padding: `${vars.space[2]} ${vars.space[3]}`,
  whiteSpace: 'nowrap',
});

globalStyle(`${table} td`, {
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  maxWidth: 280,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

globalStyle(`${table} tbody tr:hover td`, { background: vars.color.surfaceHover });

export const row = style({ cursor: 'pointer' });

export const code = style({ fontVariantNumeric: 'tabular-nums' });

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

export const chip = style({
  display: 'inline-block',
  padding: `0 ${vars.space[2]}`,
  borderRadius: 999,
  fontSize: vars.font.sizeSmall,
  fontWeight: 500,
});

export const chipTone = styleVariants({
  professional: { background: vars.color.infoSurface, color: vars.color.infoText },
  private: { background: vars.color.surfaceHover, color: vars.color.text },
});

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

export const pager = style({ display: 'flex', gap: vars.space[2] });

export const emptyActions = style({ display: 'flex', justifyContent: 'center', marginTop: vars.space[3] });
