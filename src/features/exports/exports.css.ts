import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const screen = style({ display: 'grid', gap: vars.space[4], maxWidth: 960, minWidth: 0 });

export const form = style({ display: 'grid', gap: vars.space[3] });

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[3], alignItems: 'flex-end' });

export const intro = style({ margin: 0, color: vars.color.textMuted });

/** The cheques' scroll box (DataTable's): a month of cheques scrolls under its header. */
export const tableBox = style({ maxHeight: 420 });
