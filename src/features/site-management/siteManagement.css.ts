import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** One column on a phone (390 px), the panels side by side from 1 000 px. */
export const screen = style({ display: 'grid', gap: vars.space[4], maxWidth: 1200 });

export const panels = style({
  display: 'grid',
  gap: vars.space[4],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
  alignItems: 'start',
});

export const jobField = style({ maxWidth: 520 });

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[3], alignItems: 'flex-end' });

/** The figures of the budget: a label and its amount per line, amounts right-aligned. */
export const figures = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `${vars.space[2]} ${vars.space[4]}`,
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
});
export const figureValue = style({ margin: 0, textAlign: 'right', fontWeight: 500 });
export const negative = style({ color: vars.color.errorText });
export const positive = style({ color: vars.color.successText });

/** A person's week: the days wrap in as many columns as fit (4 on a phone, 7 on a laptop). */
export const person = style({ border: 0, padding: 0, margin: `0 0 ${vars.space[3]}`, minWidth: 0 });
export const personName = style({ fontWeight: 600, padding: 0, marginBottom: vars.space[2] });
export const days = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))',
  gap: vars.space[2],
});
export const hoursInput = style({
  width: '100%',
  minHeight: 44,
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
});
export const weekBar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], alignItems: 'center' });
export const team = style({ border: 0, padding: 0, margin: 0, display: 'grid', gap: vars.space[1] });
export const muted = style({ color: vars.color.textMuted, margin: 0 });

/** The chapters' progress: one field per chapter, as many columns as fit (one on a phone). */
export const chapters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
  gap: vars.space[3],
  margin: `${vars.space[3]} 0`,
});
export const percentInput = style({
  width: '8em',
  minHeight: 44,
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
});

/** The people and their hourly cost: a field each. */
export const costs = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
  gap: vars.space[3],
  margin: `${vars.space[3]} 0`,
});
