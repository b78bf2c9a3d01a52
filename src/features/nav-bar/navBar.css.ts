import { globalStyle, style } from '@vanilla-extract/css';
import { BREAKPOINT_SMALL, MENU_COLLAPSE_WIDTH, NAV_BAR_HEIGHT } from '../../config/constants';
import { vars } from '../../ui/theme.css';

/**
 * Between the collapse width and a roomy laptop screen the full menu must still fit on one line:
 * the entries sit closer together, in 13 px.
 */
const compact = `screen and (min-width: ${MENU_COLLAPSE_WIDTH}px) and (max-width: 1279.98px)`;
const small = `screen and (max-width: ${BREAKPOINT_SMALL - 0.02}px)`;

export const bar = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'stretch',
  gap: vars.space[2],
  height: NAV_BAR_HEIGHT,
  padding: `0 ${vars.space[4]}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [small]: { padding: `0 ${vars.space[2]}` }, [compact]: { padding: `0 ${vars.space[2]}` } },
});

const listReset = { listStyle: 'none', margin: 0, padding: 0 } as const;

export const menubar = style({
  ...listReset,
  display: 'flex',
  alignItems: 'stretch',
  // As wide as its entries, never narrower: the company's name beside it gives way first.
  flex: '1 0 auto',
  // Set here rather than on the entries: the theme's `button { font: inherit }` outranks a class.
  fontWeight: 500,
  '@media': { [compact]: { fontSize: 13 } },
});

export const item = style({ position: 'relative', display: 'flex' });
/** The first right-aligned entry (Profil) pushes itself and the rest to the right. */
export const pushRight = style({ marginLeft: 'auto' });

export const topEntry = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[1],
  height: '100%',
  padding: `0 ${vars.space[3]}`,
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  fontWeight: 500,
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  cursor: 'pointer',
  boxShadow: 'inset 0 -3px 0 transparent',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { outlineOffset: '-2px' },
    '&[aria-current="page"], &[data-active="true"]': {
      color: vars.color.brandText,
      boxShadow: `inset 0 -3px 0 ${vars.color.brand}`,
    },
  },
  '@media': { [compact]: { padding: `0 ${vars.space[2]}` } },
});

export const chevron = style({
  width: 12,
  height: 12,
  flexShrink: 0,
  transition: 'transform 120ms',
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(180deg)' } },
});

export const submenu = style({
  ...listReset,
  position: 'absolute',
  top: '100%',
  left: 0,
  zIndex: vars.zIndex.popover,
  minWidth: 220,
  padding: `${vars.space[1]} 0`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  boxShadow: '0 4px 12px rgba(17, 24, 39, 0.08)',
});

export const submenuEnd = style({ left: 'auto', right: 0 });

export const subEntry = style({
  display: 'block',
  padding: `${vars.space[2]} ${vars.space[4]}`,
  color: vars.color.text,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { outlineOffset: '-2px' },
    '&[aria-current="page"]': {
      color: vars.color.brandText,
      background: vars.color.brandSubtle,
      fontWeight: 600,
    },
  },
});

export const divider = style({
  height: 1,
  margin: `${vars.space[1]} 0`,
  border: 0,
  background: vars.color.border,
});

export const groupLabel = style({
  padding: `${vars.space[2]} ${vars.space[4]} ${vars.space[1]}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSmall,
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

/** A submenu's entries in the collapsed menu, under their group's name. */
export const group = style({});
globalStyle(`${group} ${subEntry}`, { paddingLeft: vars.space[6] });

export const collapsed = style({ position: 'relative', display: 'flex', flex: 1 });

/** The room kept under the collapsed menu: the nav bar's own 54 px may sit lower on a platform page. */
const COLLAPSED_MENU_GAP = 48;

/**
 * The collapsed menu ends well above the window's bottom edge (issue 26: at 800 px it touched it)
 * and scrolls inside; `dvh` where the browser has it, so a phone's toolbar does not hide its end.
 */
export const collapsedMenu = style({
  maxHeight: [
    `calc(100vh - ${NAV_BAR_HEIGHT + COLLAPSED_MENU_GAP}px)`,
    `calc(100dvh - ${NAV_BAR_HEIGHT + COLLAPSED_MENU_GAP}px)`,
  ],
  overflowY: 'auto',
  '@media': { [small]: { position: 'fixed', top: NAV_BAR_HEIGHT, left: 8, right: 8 } },
});

export const icon = style({ width: 16, height: 16, flexShrink: 0 });

export const bellSlot = style({ display: 'flex', alignItems: 'center' });
