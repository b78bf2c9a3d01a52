import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** The screen's heading row with its main action. */
export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space[3],
  marginBottom: vars.space[4],
});

export const title = style({ margin: 0, fontSize: 22, fontWeight: 600, lineHeight: 1.3 });
export const sectionTitle = style({ margin: `0 0 ${vars.space[3]}`, fontSize: 16, fontWeight: 600 });
export const subtitle = style({ margin: 0, color: vars.color.textMuted });

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  padding: vars.space[4],
});

export const emptyPanel = style([panel, { padding: vars.space[6], textAlign: 'center' }]);

export const alert = style([
  panel,
  { background: vars.color.errorSurface, color: vars.color.errorText, borderColor: vars.color.errorSurface },
]);

export const link = style({
  color: vars.color.brandText,
  fontWeight: 500,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], alignItems: 'center' });
export const centeredActions = style([actions, { justifyContent: 'center', marginTop: vars.space[3] }]);

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1] });
export const label = style({ fontWeight: 500 });
export const control = style({
  minHeight: 36,
  padding: `${vars.space[1]} ${vars.space[3]}`,
  border: '1px solid #9ca3af',
  borderRadius: vars.radius,
  background: vars.color.surface,
});
export const error = style({ margin: 0, color: vars.color.errorText, fontSize: vars.font.sizeSmall });

/** Money and counts: right-aligned, tabular figures. */
export const amount = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** The scroll box that keeps the header in view (sticky needs its own scroll container). */
export const scroller = style({
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
  verticalAlign: 'top',
});

globalStyle(`${table} th${amount}`, { textAlign: 'end' });

export const definitions = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: `${vars.space[3]} ${vars.space[4]}`,
  margin: 0,
});
globalStyle(`${definitions} dt`, { color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
globalStyle(`${definitions} dd`, { margin: 0, fontWeight: 500 });
