import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';
import { table } from '../invoices.css';

/**
 * The editor lays itself out on its own width, not the window's: the SPA caps its screens at 1280 px
 * and a platform page may give it any width (a container, so `body` below can ask).
 */
export const editor = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[4],
  containerType: 'inline-size',
});

export const hint = style({
  margin: `0 0 ${vars.space[2]}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSmall,
});

/**
 * The lines: every column but the designation is as wide as its content (its field or its header),
 * the designation takes the rest. Tighter cells than a list's, so it keeps room at 800 px.
 */
export const grid = style({});
globalStyle(`${table}${grid} th, ${table}${grid} td`, { paddingInline: vars.space[2] });
// A message under a field wraps to the field's width.
globalStyle(`${table}${grid} td p`, { whiteSpace: 'normal' });

/** A column sized to its content: the table gives it its minimum, the designation the rest. */
export const fitCell = style({ width: '1%', whiteSpace: 'nowrap' });

/** "Avancement cumulé (%)" wraps rather than widening its column past its field. */
export const wrapHeader = style({});
globalStyle(`${table}${grid} th${wrapHeader}`, { whiteSpace: 'normal' });

const cellField = {
  minHeight: 32,
  padding: `2px ${vars.space[2]}`,
  border: '1px solid #9ca3af',
  borderRadius: vars.radius,
  background: vars.color.surface,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.errorText } },
} as const;

/** The designation, and a chapter's title: the row's width, and never under 12 rem. */
export const cellInput = style({ ...cellField, width: '100%', minWidth: '12rem' });

/** A field of `chars` characters (digits are 1ch in tabular figures), its padding and border added. */
const sizedField = (chars: number) =>
  style({ ...cellField, width: `calc(${chars}ch + 2 * ${vars.space[2]} + 2px)` });
/** "1250,5" */
export const quantityInput = sizedField(7);
/** "m²", "forfait" */
export const unitInput = sizedField(6);
/** "12450,00" */
export const priceInput = sizedField(9);
/** "100" */
export const progressInput = sizedField(5);
/** The VAT rate: as wide as its longest rate (the select's own width), never squeezed. */
export const rateSelect = style({ ...cellField, width: 'auto', paddingInlineEnd: vars.space[1] });

export const chapterRow = style({});
globalStyle(`${chapterRow} td`, { background: vars.color.surfaceSubtle, fontWeight: 600 });

export const gridActions = style({ display: 'flex', gap: vars.space[2], marginTop: vars.space[2] });

/**
 * The document preview beside the lines (issue 10) when the editor has room for both, as the SPA's
 * 1280 px screen gives it: the preview takes under a third, so the designation (what a tradesperson
 * types most, and long) keeps the most of the lines' width. A narrower editor (800 px) puts the
 * lines on its whole width, the totals under their amounts and the preview under both.
 */
export const body = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateAreas: '"lines" "totals" "preview"',
  gap: vars.space[4],
  alignItems: 'start',
  '@container': {
    '(min-width: 1100px)': {
      gridTemplateColumns: 'minmax(0, 1fr) minmax(300px, 28%)',
      // The preview is the taller: the totals stay right under the lines, the room goes below them.
      gridTemplateRows: 'auto 1fr',
      gridTemplateAreas: '"lines preview" "totals preview"',
    },
  },
});
export const linesArea = style({ gridArea: 'lines', minWidth: 0 });
export const totalsArea = style({ gridArea: 'totals', justifySelf: 'end', width: 'min(100%, 360px)' });
export const previewArea = style({ gridArea: 'preview', minWidth: 0 });

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

/** A warning that does not block (characters the PDF cannot print): amber surface, dark amber text. */
export const warning = style({
  margin: 0,
  padding: vars.space[3],
  borderRadius: vars.radius,
  background: vars.color.warningSurface,
  color: vars.color.warningText,
});
