import { style } from '@vanilla-extract/css';
import { bodyCell, headCell, scrollBox, tableBase } from '../../ui/table.css';
import { vars } from '../../ui/theme.css';

export const screen = style({ display: 'grid', gap: vars.space[4], maxWidth: 960, minWidth: 0 });

export const form = style({ display: 'grid', gap: vars.space[3] });

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[3], alignItems: 'flex-end' });

export const intro = style({ margin: 0, color: vars.color.textMuted });

export const tableBox = style({ ...scrollBox, maxHeight: 420 });

export const table = style(tableBase);

export const th = style(headCell);

export const td = style(bodyCell);

export const amount = style({ textAlign: 'end', whiteSpace: 'nowrap' });
