/** The bell's styles, in the page entry; the popover's are in panel.css.ts, loaded with it. */
import { style } from '@vanilla-extract/css';
import { floatingShadow, vars } from '../../ui/theme.css';

export const bell = style({ position: 'relative', display: 'inline-flex', alignItems: 'center' });

export const bellButton = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  padding: 0,
  border: 0,
  borderRadius: vars.radius,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover, &[aria-expanded="true"]': { background: vars.color.surfaceHover, color: vars.color.text },
  },
});

export const bellIcon = style({ width: 20, height: 20 });

export const badge = style({
  position: 'absolute',
  top: 4,
  right: 2,
  minWidth: 18,
  height: 18,
  padding: '0 5px',
  borderRadius: 9,
  background: vars.color.errorText,
  color: '#ffffff',
  fontSize: 11,
  fontWeight: 600,
  lineHeight: '18px',
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
});

/**
 * Where the notification centre opens, while its code arrives (a click in the page's first seconds,
 * before it was fetched): a spinner under the bell, out of the bar's flow.
 */
export const pending = style({
  position: 'absolute',
  top: '100%',
  right: 0,
  zIndex: 1,
  padding: vars.space[2],
  background: vars.color.surface,
  borderRadius: vars.radius,
  boxShadow: floatingShadow,
});
