import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export { header, label, subtitle, title } from '../../ui/screen.css';
export { emptyPanel, searchField, summary, toolbar } from '../../ui/table.css';
export { actions, alert, error as fieldError } from '../../ui/textField.css';

/** The rows' scroll box (DataTable's): the header sticks; the virtualiser reads its scroll. */
export const scroller = style({ maxHeight: 'calc(100vh - 330px)', minHeight: 240 });

/** An invoice number never breaks at its hyphens (its chip may go under it). */
export const nowrap = style({ whiteSpace: 'nowrap' });

export const chip = style({
  display: 'inline-block',
  whiteSpace: 'nowrap',
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
