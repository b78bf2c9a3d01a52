import { globalStyle, style } from '@vanilla-extract/css';
import { bodyCell, headCell, scrollBox, tableBase } from '../../ui/table.css';
import { vars } from '../../ui/theme.css';

export { header, label, subtitle, title } from '../../ui/screen.css';
export {
  batchBar,
  checkCell,
  emptyPanel,
  searchField,
  sortButton,
  summary,
  toolbar,
} from '../../ui/table.css';
export { actions, alert, error as fieldError } from '../../ui/textField.css';

/** The rows scroll inside this box (the header sticks; the virtualiser reads its scroll). */
export const scroller = style([scrollBox, { maxHeight: 'calc(100vh - 330px)', minHeight: 240 }]);

export const table = style([tableBase, { tableLayout: 'auto' }]);
globalStyle(`${table} th`, headCell);
globalStyle(`${table} td`, { ...bodyCell, whiteSpace: 'nowrap' });

export const amount = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
globalStyle(`${table} th${amount}`, { textAlign: 'end' });

export const textCell = style({ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' });
/** The empty rows standing for the rows above and below the window. */
export const spacer = style({ padding: '0 !important', border: '0 !important' });

export const chip = style({
  display: 'inline-block',
  marginInlineStart: vars.space[2],
  padding: `0 ${vars.space[2]}`,
  borderRadius: 999,
  fontSize: vars.font.sizeSmall,
  background: vars.color.surfaceSubtle,
  border: `1px solid ${vars.color.border}`,
});
export const overdueChip = style([chip, { color: vars.color.errorText, borderColor: vars.color.errorText }]);

/** The pay dialog's grid of rows. */
export const dialogGrid = style({ display: 'grid', gap: vars.space[3] });
/** The lines paid, one under the other (a list without bullets). */
export const dialogRows = style([dialogGrid, { listStyle: 'none', margin: 0, padding: 0 }]);
/** A line's « Totalité » or « Partiel »: a bare fieldset. */
export const amountKind = style({ border: 0, margin: 0, padding: 0 });
export const dialogRow = style({
  display: 'grid',
  gridTemplateColumns: '1fr 150px 150px',
  gap: vars.space[2],
  alignItems: 'end',
  paddingBottom: vars.space[2],
  borderBottom: `1px solid ${vars.color.border}`,
});
export const fieldsRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[3] });
export const question = style({
  padding: vars.space[3],
  borderRadius: vars.radius,
  background: vars.color.warningSurface,
});
