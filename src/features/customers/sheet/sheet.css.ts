import { style } from '@vanilla-extract/css';
import { button } from '../../../ui/button.css';
import { vars } from '../../../ui/theme.css';

export const sheet = style({ display: 'grid', gap: vars.space[4] });

export const modalActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space[3],
  marginTop: vars.space[4],
});

/**
 * The delete confirmation's destructive button: red, never the brand colour (#b91c1c-like error
 * text colour as the fill, white text). Kept in the sheet's lazy chunk, out of the page's first load.
 */
export const dangerButton = style([
  button.primary,
  {
    background: vars.color.errorText,
    color: vars.color.surface,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.errorText, filter: 'brightness(0.9)' } },
  },
]);
