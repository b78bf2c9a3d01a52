import { style } from '@vanilla-extract/css';
import { bodyCell, headCell, scrollBox, tableBase } from '../../../ui/table.css';
import { vars } from '../../../ui/theme.css';

export const stack = style({ display: 'grid', gap: vars.space[4] });

/** The field → column selects, several per line as the width allows. */
export const mapping = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: vars.space[3],
  border: 0,
  margin: 0,
  padding: 0,
});

export const previewBox = style({ ...scrollBox, maxHeight: 320 });
export const previewTable = style({ ...tableBase, fontSize: vars.font.sizeSmall });
export const th = style({ ...headCell });
export const td = style({ ...bodyCell, verticalAlign: 'top' });
export const amount = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const refused = style({ color: vars.color.errorText });

export const errorList = style({
  margin: 0,
  paddingInlineStart: vars.space[4],
  maxHeight: 160,
  overflowY: 'auto',
  color: vars.color.errorText,
  fontSize: vars.font.sizeSmall,
});

export const progress = style({ width: '100%', height: 12, accentColor: vars.color.brand });

export const starter = style({
  background: vars.color.surfaceSubtle,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  padding: vars.space[3],
  display: 'grid',
  gap: vars.space[2],
  justifyItems: 'start',
});
