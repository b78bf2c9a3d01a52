import { globalStyle, style } from '@vanilla-extract/css';
import { bodyCell, headCell, scrollBox, tableBase } from '../../ui/table.css';
import { vars } from '../../ui/theme.css';

export { control, field, header, label, link, subtitle, title } from '../../ui/screen.css';

export const sectionTitle = style({ margin: `0 0 ${vars.space[3]}`, fontSize: 16, fontWeight: 600 });
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

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], alignItems: 'center' });
export const centeredActions = style([actions, { justifyContent: 'center', marginTop: vars.space[3] }]);

export const error = style({ margin: 0, color: vars.color.errorText, fontSize: vars.font.sizeSmall });

/** Money and counts: right-aligned, tabular figures. */
export const amount = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** The scroll box that keeps the header in view (sticky needs its own scroll container). */
export const scroller = style(scrollBox);

export const table = style(tableBase);

globalStyle(`${table} th`, headCell);

globalStyle(`${table} td`, { ...bodyCell, verticalAlign: 'top' });

globalStyle(`${table} th${amount}`, { textAlign: 'end' });

export const definitions = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: `${vars.space[3]} ${vars.space[4]}`,
  margin: 0,
});
globalStyle(`${definitions} dt`, { color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
globalStyle(`${definitions} dd`, { margin: 0, fontWeight: 500 });
