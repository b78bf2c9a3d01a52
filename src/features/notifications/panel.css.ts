/** The popover's styles: in its lazy chunk, not in the page entry (the bell's are in notifications.css.ts). */
import { globalStyle, style } from '@vanilla-extract/css';
import { NOTIFICATIONS_POPOVER_MAX_HEIGHT } from '../../config/constants';
import { floatingShadow, vars } from '../../ui/theme.css';

export const popover = style({
  zIndex: vars.zIndex.popover,
  width: 380,
  maxWidth: 'calc(100vw - 16px)',
  maxHeight: NOTIFICATIONS_POPOVER_MAX_HEIGHT,
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  boxShadow: floatingShadow,
  outline: 'none',
});

export const header = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space[2],
  padding: `${vars.space[3]} ${vars.space[4]}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({ margin: 0, fontSize: vars.font.size, fontWeight: 600 });
/** « Tout marquer comme lu »: small, at the end of the header. */
export const markAll = style({
  marginInlineStart: 'auto',
  minHeight: 28,
  padding: `0 ${vars.space[2]}`,
  fontSize: vars.font.sizeSmall,
  color: vars.color.brandText,
});

export const count = style({
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSmall,
  fontVariantNumeric: 'tabular-nums',
});

export const scroller = style({ overflowY: 'auto', flex: 1, minHeight: 0 });

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const item = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  padding: `${vars.space[3]} ${vars.space[4]} ${vars.space[3]} ${vars.space[6]}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const unread = style({
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&::before': {
      content: '""',
      position: 'absolute',
      left: vars.space[2],
      top: 20,
      width: 8,
      height: 8,
      borderRadius: '50%',
      background: vars.color.infoText,
    },
  },
});

/** Read: dimmed (muted text on a grey ground, contrast kept) and not clickable. */
export const read = style({
  background: vars.color.surfaceSubtle,
  color: vars.color.textMuted,
  cursor: 'default',
});

export const itemHeader = style({ display: 'flex', alignItems: 'baseline', gap: vars.space[2] });

export const itemTitle = style({
  flex: 1,
  margin: 0,
  padding: 0,
  border: 0,
  background: 'transparent',
  textAlign: 'start',
  fontWeight: 600,
  cursor: 'inherit',
  selectors: { [`${read} &`]: { fontWeight: 500 } },
});

export const time = style({ flexShrink: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSmall });

export const description = style({ fontSize: 13, overflowWrap: 'anywhere' });
globalStyle(`${description} > :first-child`, { marginTop: 0 });
globalStyle(`${description} > :last-child`, { marginBottom: 0 });
globalStyle(`${description} p`, { margin: `0 0 ${vars.space[1]}` });
/**
 * Links written in the server's HTML look like the product's links (dark amber, readable on white
 * and on the read items' grey), not the browser's default blue and purple.
 */
globalStyle(`${description} a`, {
  color: vars.color.brandText,
  fontWeight: 500,
  textDecoration: 'underline',
  textUnderlineOffset: 2,
});
globalStyle(`${description} a:hover`, { textDecorationThickness: 2 });
globalStyle(`${description} a:focus-visible`, {
  outline: `2px solid ${vars.color.brandText}`,
  outlineOffset: 2,
  borderRadius: 2,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[2],
  marginTop: vars.space[1],
});

export const link = style({ color: vars.color.brandText, fontWeight: 500 });

export const actionButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 28,
  padding: `0 ${vars.space[3]}`,
  borderRadius: vars.radius,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeSmall,
  fontWeight: 500,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.surfaceHover } },
});

export const empty = style({
  margin: 0,
  padding: vars.space[6],
  textAlign: 'center',
  color: vars.color.textMuted,
});

/** The load failed: said, and « Réessayer ». */
export const failed = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space[2],
  padding: vars.space[4],
  textAlign: 'center',
});
export const failedText = style({ margin: 0, color: vars.color.errorText });

export const footer = style({
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space[2],
  borderTop: `1px solid ${vars.color.border}`,
});
