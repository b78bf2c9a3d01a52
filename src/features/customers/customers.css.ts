import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** Shared by the list and the sheet. */
export { header, link, subtitle, title } from '../../ui/screen.css';

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  padding: vars.space[6],
  textAlign: 'center',
});
