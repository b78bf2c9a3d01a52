import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

/** The quote's number: a button (it opens the quote where the host says) that reads as a link. */
export const linkButton = style({
  padding: 0,
  border: 0,
  background: 'transparent',
  font: 'inherit',
  color: vars.color.brandText,
  fontWeight: 500,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
});
