import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4], maxWidth: 960 });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  gap: vars.space[3],
  alignItems: 'start',
});

export const kinds = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[4],
  border: 0,
  margin: 0,
  padding: 0,
});

/** Why a choice is not offered, under the choices. */
export const hint = style({ flexBasis: '100%', margin: 0, color: vars.color.textMuted });

export const radio = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space[2] });

export const percent = style({ maxWidth: 160 });

export const invoices = style({
  margin: `${vars.space[3]} 0 0`,
  paddingInlineStart: vars.space[4],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[1],
});
