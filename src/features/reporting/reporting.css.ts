import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space[6] });

/**
 * The element's space, held from its first render (issue 27): the figures and five charts are
 * taller than a screen once loaded, and the activity log under them on « Suivi d'activité » was
 * pushed down and out of view as they arrived (a layout shift of 0.31–0.45 on a phone).
 */
export const reserved = style({ minHeight: '100vh' });

export const picker = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space[3],
});

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: vars.space[3],
  margin: 0,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
  padding: vars.space[4],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
});

export const cardLabel = style({ margin: 0, color: vars.color.textMuted, fontWeight: 500 });

export const cardValue = style({
  margin: 0,
  fontSize: vars.font.sizeLarge,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
});

export const cardPrevious = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSmall });

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[3],
  padding: vars.space[4],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
});

export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
});

export const sectionTitle = style({ margin: 0, fontSize: 16, fontWeight: 600 });

export const note = style({ margin: 0, color: vars.color.textMuted });

/**
 * A chart's figures are a few rows (months, buckets, the top ten): shown whole under the chart, not
 * in a box of their own that scrolls (a scroll box without focusable content cannot be read by
 * keyboard).
 */
export const figuresTable = style({ selectors: { '&&': { maxHeight: 'none' } } });

export const chart = style({ width: '100%', minHeight: 240, overflow: 'hidden' });

export const error = style({ margin: 0, color: vars.color.errorText });
