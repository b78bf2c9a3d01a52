import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** A screen's heading row with its main action (customers, invoicing). */
export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space[3],
  marginBottom: vars.space[4],
});

export const title = style({ margin: 0, fontSize: 22, fontWeight: 600, lineHeight: 1.3 });

export const subtitle = style({ margin: 0, color: vars.color.textMuted });

export const link = style({
  color: vars.color.brandText,
  fontWeight: 500,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
});

/** A labelled control (a list's filter, a short form): the label above its input or select. */
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1] });

export const label = style({ fontWeight: 500 });

export const control = style({
  minHeight: 36,
  padding: `${vars.space[1]} ${vars.space[3]}`,
  border: '1px solid #9ca3af',
  borderRadius: vars.radius,
  background: vars.color.surface,
});
