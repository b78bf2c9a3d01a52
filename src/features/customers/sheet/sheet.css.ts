import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const sheet = style({ display: 'grid', gap: vars.space[4] });

export const modalActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space[3],
  marginTop: vars.space[4],
});
