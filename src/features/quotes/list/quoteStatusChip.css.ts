import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const chip = style({
  display: 'inline-block',
  padding: `0 ${vars.space[2]}`,
  borderRadius: 999,
  fontSize: vars.font.sizeSmall,
  fontWeight: 500,
  whiteSpace: 'nowrap',
});

/** Text on its tint keeps 4.5:1 or more (the theme's pairs). */
export const tone = styleVariants({
  draft: { background: vars.color.surfaceHover, color: vars.color.text },
  sent: { background: vars.color.infoSurface, color: vars.color.infoText },
  accepted: { background: vars.color.successSurface, color: vars.color.successText },
  refused: { background: vars.color.errorSurface, color: vars.color.errorText },
  expired: { background: vars.color.warningSurface, color: vars.color.warningText },
});
