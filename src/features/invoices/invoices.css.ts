import { globalStyle, style } from '@vanilla-extract/css';
import { panel } from '../../ui/panel.css';
import { bodyCell, headCell, scrollBox, tableBase } from '../../ui/table.css';
import { vars } from '../../ui/theme.css';

export { actions, centeredActions, panel, sectionTitle } from '../../ui/panel.css';
export { control, field, header, label, link, subtitle, title } from '../../ui/screen.css';
export { emptyPanel } from '../../ui/table.css';

export const alert = style([
  panel,
  { background: vars.color.errorSurface, color: vars.color.errorText, borderColor: vars.color.errorSurface },
]);

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
