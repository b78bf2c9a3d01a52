import { style } from '@vanilla-extract/css';
import { floatingShadow, vars } from './theme.css';

/** The input with the calendar button inside its right end. */
export const wrapper = style({ position: 'relative', minWidth: 0 });

/** Room for the button; wide enough for « 00/00/0000 » and the button at any font. */
export const input = style({ paddingInlineEnd: 40, minWidth: '11.5em' });

export const calendarButton = style({
  position: 'absolute',
  insetInlineEnd: 2,
  top: '50%',
  transform: 'translateY(-50%)',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 32,
  height: 32,
  padding: 0,
  border: 0,
  borderRadius: vars.radius,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceHover, color: vars.color.text },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const dialog = style({
  zIndex: vars.zIndex.popover,
  width: 300,
  maxWidth: 'calc(100vw - 16px)',
  padding: vars.space[3],
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  boxShadow: floatingShadow,
  fontFamily: vars.font.family,
  fontSize: vars.font.size,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[2],
  marginBottom: vars.space[2],
});

export const month = style({ fontWeight: 600, textTransform: 'capitalize' });

export const monthButton = style({
  width: 32,
  height: 32,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
  fontSize: 18,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceHover } },
});

export const grid = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 2,
  tableLayout: 'fixed',
});

export const weekday = style({
  fontWeight: 400,
  textAlign: 'center',
  fontSize: vars.font.sizeSmall,
  color: vars.color.textMuted,
});

/** The weekday's short name; its full name is the abbr's title. */
export const weekdayAbbr = style({ textDecoration: 'none' });

export const day = style({
  textAlign: 'center',
  padding: 0,
  height: 34,
  borderRadius: vars.radius,
  cursor: 'pointer',
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    // The day the keyboard is on shows even when the calendar was opened with the mouse (the
    // browser's focus-visible would hide it until a key is pressed).
    '&:focus': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
    '&[aria-current="date"]': { fontWeight: 700, textDecoration: 'underline', textUnderlineOffset: 3 },
    // The chosen day: the brand fill with its dark text (the fill, not amber text, keeps 4.5:1).
    '&[aria-selected="true"]': { background: vars.color.brand, color: vars.color.onBrand },
  },
});

export const blank = style({ height: 34 });

export const help = style({
  margin: `${vars.space[2]} 0 0`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSmall,
});
