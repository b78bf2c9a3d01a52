import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/**
 * A screen's plain message panel (an area not built yet, a page not found): calm, one heading,
 * a sentence, the way onwards.
 */
export const panel = style({
  maxWidth: 640,
  padding: vars.space[6],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
});

export const eyebrow = style({
  display: 'inline-block',
  margin: `0 0 ${vars.space[2]}`,
  padding: `0 ${vars.space[2]}`,
  borderRadius: vars.radius,
  background: vars.color.brandSubtle,
  color: vars.color.brandText,
  fontSize: vars.font.sizeSmall,
  fontWeight: 600,
});

export const title = style({
  margin: `0 0 ${vars.space[3]}`,
  fontSize: 22,
  fontWeight: 600,
  lineHeight: 1.3,
  overflowWrap: 'break-word',
});

export const text = style({ margin: `0 0 ${vars.space[3]}`, color: vars.color.textMuted });

export const actions = style({ margin: `${vars.space[4]} 0 0` });

/** Links read as links: dark amber text (7:1 on white), underlined. */
export const link = style({
  color: vars.color.brandText,
  fontWeight: 500,
  textDecoration: 'underline',
  textUnderlineOffset: 3,
  selectors: { '&:hover': { color: vars.color.text } },
});

export const address = style({
  padding: `0 ${vars.space[1]}`,
  borderRadius: 4,
  background: vars.color.surfaceHover,
  color: vars.color.text,
  fontSize: vars.font.sizeSmall,
  overflowWrap: 'anywhere',
});
