import { globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { field } from '../../../ui/screen.css';
import { bodyCell, headCell, scrollBox, tableBase } from '../../../ui/table.css';
import { vars } from '../../../ui/theme.css';

/** Phones (390 px wide and up): the list keeps name, city and phone, and fits the screen. */
const narrow = 'screen and (max-width: 599.98px)';

export { control, field, label } from '../../../ui/screen.css';
export { footer, sortButton, toolbar } from '../../../ui/table.css';

export const searchField = style([field, { flex: '1 1 280px', maxWidth: 420 }]);

/** The scroll box that keeps the header in view (sticky needs its own scroll container). */
export const scroller = style({ maxHeight: 'calc(100vh - 260px)', minHeight: 200, ...scrollBox });

/**
 * Fixed layout: the column widths come from the <col> elements, not from the rows, so they do not
 * jump when a page, a sort or a search brings other rows (long texts end in an ellipsis).
 */
export const table = style({
  ...tableBase,
  tableLayout: 'fixed',
  selectors: { '&[aria-busy="true"]': { cursor: 'progress' } },
});

/**
 * An amber line over the table's top edge while another page, sort or search is on its way (the
 * rows stay at full contrast: dimmed text would fall under the 4.5:1 contrast the product keeps;
 * the spinner beside the page range is what moves).
 */
export const progress = style({
  position: 'sticky',
  top: 0,
  height: 3,
  marginBottom: -3,
  zIndex: 2,
  background: vars.color.brand,
});

export const wideOnly = style({ '@media': { [narrow]: { display: 'none' } } });

/** Widths per column (percent of the table), on wide screens and on phones. */
export const columnWidth = styleVariants({
  name: { width: '26%', '@media': { [narrow]: { width: '46%' } } },
  type: { width: '12%' },
  customerCode: { width: '11%' },
  city: { width: '18%', '@media': { [narrow]: { width: '26%' } } },
  email: { width: '21%' },
  phone: { width: '12%', '@media': { [narrow]: { width: '28%' } } },
});

globalStyle(`${table} th`, {
  ...headCell,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  '@media': { [narrow]: { padding: `${vars.space[2]} ${vars.space[2]}` } },
});

globalStyle(`${table} td`, {
  ...bodyCell,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': { [narrow]: { padding: `${vars.space[2]} ${vars.space[2]}` } },
});

globalStyle(`${table} tbody tr:hover td`, { background: vars.color.surfaceHover });

export const row = style({ cursor: 'pointer' });

export const code = style({ fontVariantNumeric: 'tabular-nums' });

export const chip = style({
  display: 'inline-block',
  padding: `0 ${vars.space[2]}`,
  borderRadius: 999,
  fontSize: vars.font.sizeSmall,
  fontWeight: 500,
});

export const chipTone = styleVariants({
  professional: { background: vars.color.infoSurface, color: vars.color.infoText },
  private: { background: vars.color.surfaceHover, color: vars.color.text },
});

export const pager = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[1] });

export const pageButton = style({
  minWidth: 36,
  minHeight: 36,
  padding: `0 ${vars.space[2]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceHover },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
    '&[aria-current="page"]': {
      background: vars.color.brand,
      borderColor: vars.color.brand,
      color: vars.color.onBrand,
      fontWeight: 600,
      cursor: 'default',
    },
  },
  '@media': { [narrow]: { minWidth: 32, minHeight: 32, padding: `0 ${vars.space[1]}` } },
});

/** Page numbers two away from the current one: left out on phones, where room is short. */
export const farPage = style({ '@media': { [narrow]: { display: 'none' } } });

export const pageGap = style({ padding: `0 ${vars.space[1]}`, color: vars.color.textMuted });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

/** Shown while another page, sort or search is on its way (the rows shown stay). */
export const loading = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  color: vars.color.text,
});

export const loadingSpinner = style({
  width: 14,
  height: 14,
  border: `2px solid ${vars.color.border}`,
  borderTopColor: vars.color.brand,
  borderRadius: '50%',
  animation: `${spin} 800ms linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2400ms' } },
});

export const status = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space[3] });

export const emptyActions = style({ display: 'flex', justifyContent: 'center', marginTop: vars.space[3] });
