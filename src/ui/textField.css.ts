import { style } from '@vanilla-extract/css';
import * as screen from './screen.css';
import { vars } from './theme.css';

/** A form's field (see `Field`): the screen's labelled control, that may shrink in a grid cell. */
export const field = style([screen.field, { minWidth: 0 }]);

export { label } from './screen.css';

export const required = style({ color: vars.color.errorText, marginInlineStart: 2 });

/** The screen's control, as wide as its field, with a red border while its value is refused. */
export const control = style([
  screen.control,
  { width: '100%', selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.errorText } } },
]);

export const error = style({ color: vars.color.errorText, fontSize: vars.font.sizeSmall, margin: 0 });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall, margin: 0 });

/** Two columns of fields at laptop width, one at 860 px and below. */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `${vars.space[3]} ${vars.space[4]}`,
  '@media': { '(max-width: 860px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const section = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
  padding: vars.space[4],
  margin: 0,
  minWidth: 0,
  display: 'grid',
  gap: vars.space[3],
});

export const legend = style({ padding: `0 ${vars.space[2]}`, fontWeight: 600 });

export const actions = style({ display: 'flex', gap: vars.space[2], flexWrap: 'wrap', alignItems: 'center' });

/** A message about the whole form (a refusal, a saved state). */
export const alert = style({
  margin: 0,
  padding: vars.space[3],
  borderRadius: vars.radius,
  background: vars.color.errorSurface,
  color: vars.color.errorText,
});

export const success = style({ margin: 0, color: vars.color.successText });
