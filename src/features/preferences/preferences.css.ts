import { globalStyle, style } from '@vanilla-extract/css';
import { BREAKPOINT_MEDIUM, BREAKPOINT_SMALL } from '../../config/constants';
import { vars } from '../../ui/theme.css';

const narrow = `screen and (max-width: ${BREAKPOINT_MEDIUM - 0.02}px)`;
const phone = `screen and (max-width: ${BREAKPOINT_SMALL - 0.02}px)`;

/**
 * Side menu and the page beside it; the menu narrows under 992 px so 800 px still fits both, and
 * under 768 px (a phone) it goes above the page, its entries in two columns.
 */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: '240px minmax(0, 1fr)',
  gap: vars.space[6],
  alignItems: 'start',
  '@media': {
    [narrow]: { gridTemplateColumns: '200px minmax(0, 1fr)', gap: vars.space[4] },
    [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const menu = style({
  position: 'sticky',
  top: vars.space[4],
  padding: vars.space[2],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
  '@media': { [phone]: { position: 'static' } },
});

export const menuTitle = style({
  margin: 0,
  padding: `${vars.space[2]} ${vars.space[3]}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSmall,
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { [phone]: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 } },
});

export const link = style({
  display: 'block',
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius,
  borderLeft: '3px solid transparent',
  color: vars.color.text,
  textDecoration: 'none',
  lineHeight: 1.35,
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    // The active entry: amber, as in the top menu (fill and bar, the text stays dark).
    '&[aria-current="page"]': {
      background: vars.color.brandSubtle,
      borderLeftColor: vars.color.brand,
      fontWeight: 600,
    },
  },
});

globalStyle(`${list} > li + li`, { marginTop: 2, '@media': { [phone]: { marginTop: 0 } } });

/** A settings page beside the menu: heading, forms, lists. */
export const page = style({ display: 'grid', gap: vars.space[4], minWidth: 0 });

export const panel = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
  padding: vars.space[4],
  display: 'grid',
  gap: vars.space[3],
});

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: vars.space[3],
  margin: 0,
});

export const figure = style({ display: 'grid', gap: 2 });

export const figureValue = style({ margin: 0, fontSize: 18, fontWeight: 600 });

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], alignItems: 'center' });

export const table = style({ width: '100%', borderCollapse: 'collapse' });

globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});

export const logoPreview = style({
  maxWidth: 240,
  maxHeight: 120,
  objectFit: 'contain',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
  padding: vars.space[2],
});

export const invitation = style({ wordBreak: 'break-all' });

/** Said at the top of a settings page to a member who may read it but not change it (issue 26). */
export const restrictedNotice = style({
  margin: 0,
  padding: `${vars.space[3]} ${vars.space[4]}`,
  borderRadius: vars.radius,
  borderLeft: `4px solid ${vars.color.infoText}`,
  background: vars.color.infoSurface,
  color: vars.color.infoText,
});
