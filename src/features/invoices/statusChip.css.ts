import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const chip = style({
  display: 'inline-block',
  padding: `0 ${vars.space[2]}`,
  borderRadius: 999,
  fontSize: vars.font.sizeSmall,
  fontWeight: 500,
  whiteSpace: 'nowrap',
});

/** Text on its tint keeps 4.5:1 or more. */
export const tone = styleVariants({
  PROVISOIRE: { background: vars.color.surfaceHover, color: vars.color.text },
  VALIDATED: { background: vars.color.successSurface, color: vars.color.successText },
  overdue: { background: vars.color.errorSurface, color: vars.color.errorText },
  cancelled: {
    background: vars.color.surfaceHover,
    color: vars.color.textMuted,
    textDecoration: 'line-through',
  },
});
