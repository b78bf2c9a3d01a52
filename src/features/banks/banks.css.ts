import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** The bank whose sheet is open under the list. */
export const selectedRow = style({ background: vars.color.brandSubtle });

/** A row's name: a button that opens the bank sheet (keyboard: Tab, then Enter). */
export const rowButton = style({
  padding: 0,
  border: 0,
  background: 'transparent',
  color: vars.color.brandText,
  fontWeight: 500,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
  cursor: 'pointer',
  textAlign: 'start',
});

export const mono = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  whiteSpace: 'nowrap',
});

export const toolbar = style({ display: 'flex', gap: vars.space[2], flexWrap: 'wrap' });

/** The open bank sheet (or the new bank), under the list. */
export const sheet = style({ display: 'grid', gap: vars.space[3], maxWidth: 960 });

export const sheetHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[2],
});
