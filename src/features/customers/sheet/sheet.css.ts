import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const sheet = style({ display: 'grid', gap: vars.space[4] });

/** « Nouvelle affaire » and the way back, side by side in the header. */
export const headerActions = style({
  display: 'flex',
  gap: vars.space[3],
  alignItems: 'center',
  flexWrap: 'wrap',
});

export const modalActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space[3],
  marginTop: vars.space[4],
});

/**
 * The delete confirmation's destructive button: white on the error red (#b91c1c, 6.5:1), never the
 * brand colour. Whole here rather than composed with the primary button, whose colours would then
 * depend on the order the chunks' styles arrive in; kept out of the page's first load.
 */
export const dangerButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 36,
  padding: `0 ${vars.space[4]}`,
  borderRadius: vars.radius,
  border: '1px solid transparent',
  fontWeight: 500,
  cursor: 'pointer',
  background: vars.color.errorText,
  selectors: {
    // Doubled class: the theme's `root button { color: inherit }` would win over one class.
    '&&': { color: vars.color.surface },
    '&:hover:not(:disabled)': { filter: 'brightness(0.9)' },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});
