import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const panel = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[4],
  padding: vars.space[4],
  border: `1px solid ${vars.color.errorText}`,
  borderRadius: vars.radius,
  background: vars.color.errorSurface,
  color: vars.color.errorText,
});
