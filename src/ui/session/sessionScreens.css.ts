import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const screen = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space[4],
  padding: vars.space[6],
  background: vars.color.surfaceSubtle,
  textAlign: 'center',
});

export const title = style({ margin: 0, fontSize: 22, fontWeight: 600 });
export const text = style({ margin: 0, color: vars.color.textMuted });
