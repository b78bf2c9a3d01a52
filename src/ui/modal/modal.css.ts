import { style } from '@vanilla-extract/css';
import { MODAL_TALL_PADDING } from '../../config/constants';
import { vars } from '../theme.css';

export const dialog = style({
  border: 0,
  padding: 0,
  background: 'transparent',
  maxWidth: 'calc(100vw - 32px)',
  maxHeight: '100vh',
  overflow: 'visible',
  color: vars.color.text,
  selectors: { '&::backdrop': { background: vars.color.backdrop } },
});

/** The visible box; clicks outside it land on the dialog element itself, i.e. the backdrop. */
export const panel = style({
  background: vars.color.surface,
  borderRadius: vars.radius,
  border: `1px solid ${vars.color.border}`,
  padding: vars.space[6],
  fontFamily: vars.font.family,
  fontSize: vars.font.size,
});

export const tall = style({ marginTop: MODAL_TALL_PADDING, marginBottom: MODAL_TALL_PADDING });

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space[4],
  marginBottom: vars.space[4],
});

export const title = style({ margin: 0, fontSize: vars.font.sizeLarge, fontWeight: 600 });

/** Over the dialog's panel while `DiscardChanges` asks (the dialog, fixed, is its containing block). */
export const discardLayer = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space[4],
  background: vars.color.backdrop,
  borderRadius: vars.radius,
});

export const discard = style({
  maxWidth: 420,
  padding: vars.space[6],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  fontFamily: vars.font.family,
  fontSize: vars.font.size,
});

export const discardQuestion = style({ margin: `0 0 ${vars.space[4]}`, fontWeight: 600 });

export const discardActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2] });
