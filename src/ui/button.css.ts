import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space[2],
  minHeight: 36,
  padding: `0 ${vars.space[4]}`,
  borderRadius: vars.radius,
  border: `1px solid transparent`,
  fontWeight: 500,
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: { '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 } },
});

export const button = styleVariants({
  primary: [
    base,
    {
      background: vars.color.brand,
      color: vars.color.onBrand,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.brandHover } },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.border,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceHover } },
    },
  ],
  ghost: [
    base,
    {
      background: 'transparent',
      color: vars.color.text,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceHover } },
    },
  ],
});

export const iconButton = style([
  base,
  {
    padding: 0,
    width: 32,
    minHeight: 32,
    background: 'transparent',
    color: vars.color.textMuted,
    selectors: { '&:hover': { background: vars.color.surfaceHover, color: vars.color.text } },
  },
]);
