import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** The input and its list, one above the other. */
export const wrapper = style({ position: 'relative' });

/** The choices under the input, over what follows it. */
export const listbox = style({
  position: 'absolute',
  insetInline: 0,
  top: '100%',
  zIndex: vars.zIndex.popover,
  margin: `${vars.space[1]} 0 0`,
  padding: vars.space[1],
  maxHeight: 280,
  overflowY: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
});

export const option = style({
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius,
  cursor: 'pointer',
  selectors: {
    '&[data-active="true"]': { background: vars.color.surfaceHover },
    '&[aria-selected="true"]': { fontWeight: 600 },
  },
});

/** « Aucun client ne correspond », « Recherche… »: not a choice. */
export const note = style({
  padding: `${vars.space[2]} ${vars.space[3]}`,
  color: vars.color.textMuted,
});
