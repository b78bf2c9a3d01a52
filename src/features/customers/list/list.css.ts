import { globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { field } from '../../../ui/screen.css';
import { vars } from '../../../ui/theme.css';

/** Phones (390 px wide and up): the list keeps name, city and phone, and fits the screen. */
const narrow = 'screen and (max-width: 599.98px)';

export { control, field, label } from '../../../ui/screen.css';
export { toolbar } from '../../../ui/table.css';

export const searchField = style([field, { flex: '1 1 280px', maxWidth: 420 }]);

/** The rows' scroll box (DataTable's): the header stays in view above them. */
export const scroller = style({ maxHeight: 'calc(100vh - 260px)', minHeight: 200 });

/** Phones: tighter cells, so name, city and phone fit 390 px. */
globalStyle(`${scroller} tr > th, ${scroller} tr > td`, {
  '@media': { [narrow]: { paddingInline: vars.space[2] } },
});

/** Under 1 280 px the table has less than 1 216 px: the type's chip needs a bigger share. */
const medium = 'screen and (max-width: 1279.98px)';

/**
 * Widths per column (percent of the table): at 1 280 px, under it, and on phones. The type's chip
 * is one word that cannot be cut (« Professionnel », about 100 px) and a phone number is 14
 * characters: under 1 280 px they take their room from the name, the city and the email (issue 26:
 * at 800 px, 12 % of the table clipped the chip).
 */
export const columnWidth = styleVariants({
  name: { width: '26%', '@media': { [medium]: { width: '22%' }, [narrow]: { width: '46%' } } },
  type: { width: '12%', '@media': { [medium]: { width: '17%' } } },
  customerCode: { width: '11%', '@media': { [medium]: { width: '9%' } } },
  city: { width: '18%', '@media': { [medium]: { width: '15%' }, [narrow]: { width: '26%' } } },
  email: { width: '21%', '@media': { [medium]: { width: '19%' } } },
  phone: { width: '12%', '@media': { [medium]: { width: '18%' }, [narrow]: { width: '28%' } } },
});

export const code = style({ fontVariantNumeric: 'tabular-nums' });

export const chip = style({
  display: 'inline-block',
  whiteSpace: 'nowrap',
  padding: `0 ${vars.space[2]}`,
  borderRadius: 999,
  fontSize: vars.font.sizeSmall,
  fontWeight: 500,
});

export const chipTone = styleVariants({
  professional: { background: vars.color.infoSurface, color: vars.color.infoText },
  private: { background: vars.color.surfaceHover, color: vars.color.text },
});

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

export const emptyActions = style({ display: 'flex', justifyContent: 'center', marginTop: vars.space[3] });
