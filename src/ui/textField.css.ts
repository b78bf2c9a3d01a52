import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1], minWidth: 0 });

export const label = style({ fontWeight: 500 });

export const required = style({ color: vars.color.errorText, marginInlineStart: 2 });

export const control = style({
  minHeight: 36,
  padding: `${vars.space[1]} ${vars.space[3]}`,
  border: '1px solid #9ca3af',
  borderRadius: vars.radius,
  background: vars.color.surface,
  width: '100%',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.errorText } },
});

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
