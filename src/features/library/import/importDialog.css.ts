import { style } from '@vanilla-extract/css';
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

/** The preview's scroll box (DataTable's own): the dialog's buttons stay in view. */
export const previewBox = style({ maxHeight: 320, fontSize: vars.font.sizeSmall });
export const caption = style({ captionSide: 'top', textAlign: 'start', padding: vars.space[2] });
export const refused = style({ color: vars.color.errorText });
/** A line's errors, one under the other in its action cell. */
export const cellLine = style({ display: 'block' });

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
