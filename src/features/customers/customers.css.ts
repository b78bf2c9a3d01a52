import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** Shared by the list and the sheet: the screen's heading row with its main action. */
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

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  padding: vars.space[6],
  textAlign: 'center',
});

export const link = style({
  color: vars.color.brandText,
  fontWeight: 500,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
});
