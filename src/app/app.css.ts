import { globalStyle, style } from '@vanilla-extract/css';
import { BREAKPOINT_MEDIUM } from '../config/constants';
import { vars } from '../ui/theme.css';

const narrow = `screen and (max-width: ${BREAKPOINT_MEDIUM - 0.02}px)`;

// The SPA owns its document: no browser margin around the nav bar, the page's grey to the edges.
globalStyle('body', { margin: 0, background: vars.color.surfaceSubtle });

/** The page: the nav bar on top (54 px, its own height), the screen below on a soft grey. */
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  background: vars.color.surfaceSubtle,
});

/** The nav bar stays in reach while a long list scrolls. */
export const top = style({ position: 'sticky', top: 0, zIndex: 10 });

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: 1280,
  margin: '0 auto',
  padding: `${vars.space[6]} ${vars.space[8]}`,
  '@media': { [narrow]: { padding: `${vars.space[4]} ${vars.space[4]}` } },
});
