import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const editor = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });

export const hint = style({
  margin: `0 0 ${vars.space[2]}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSmall,
});

export const grid = style({ minWidth: 600 });

export const cellInput = style({
  width: '100%',
  minWidth: 64,
  minHeight: 32,
  padding: `2px ${vars.space[2]}`,
  border: '1px solid #9ca3af',
  borderRadius: vars.radius,
  background: vars.color.surface,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.errorText } },
});

export const labelCell = style({ minWidth: 160, width: '40%' });

export const chapterRow = style({});
globalStyle(`${chapterRow} td`, { background: vars.color.surfaceSubtle, fontWeight: 600 });

export const gridActions = style({ display: 'flex', gap: vars.space[2], marginTop: vars.space[2] });

/** The lines beside the totals at 1280 px, the totals under them at 800 px. */
export const body = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 300px',
  gap: vars.space[4],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const totals = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `${vars.space[1]} ${vars.space[3]}`,
  margin: 0,
});
globalStyle(`${totals} dt`, { color: vars.color.textMuted });
globalStyle(`${totals} dd`, {
  margin: 0,
  textAlign: 'end',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

export const grandTotal = style({
  fontWeight: 600,
  color: vars.color.text,
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space[1],
});

export const saveState = style({
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSmall,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space[2],
});

export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: vars.space[3],
  alignItems: 'start',
});

export const modalActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space[2],
  marginTop: vars.space[4],
});

export const rateCell = style({ whiteSpace: 'nowrap' });

/** A short number field that never pushes its panel wider. */
export const shortInput = style({ width: 120, minWidth: 0 });

/** The payment modes' checkboxes and the reverse charge flag: a fieldset without its frame. */
export const choices = style({ border: 0, margin: 0, padding: 0, minWidth: 0 });
export const choiceList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space[1]} ${vars.space[3]}`,
});
export const choice = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space[1] });

/** « Autoliquidation » under the VAT total, across both columns. */
export const mention = style({ gridColumn: '1 / -1', fontWeight: 600 });
