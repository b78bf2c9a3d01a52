import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/**
 * Beside the bell, muted: it gives way to the menu (it shrinks first, down to nothing; no padding
 * or border that would stay when it is at nothing) so the menu's entries keep their room at every
 * width.
 */
export const companyName = style({
  alignSelf: 'center',
  flex: '0 1 auto',
  minWidth: 0,
  maxWidth: 240,
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSmall,
  lineHeight: 1.25,
  // Two lines at most (the bar is 54 px high), then an ellipsis: « Martin / Rénovation » whole in
  // the room the full menu leaves at 1 280 px, where one line would cut it.
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});
