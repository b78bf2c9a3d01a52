import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const form = style({ display: 'grid', gap: vars.space[4], maxWidth: 960 });

/**
 * A field the keyboard reaches is scrolled clear of the sticky save bar below it (and of the sticky
 * nav bar above): browsers scroll a focused control just into view, under whatever is sticky there
 * (issue 26: « Téléphone », « Portable »). The margins are the bars' heights plus a gap; the save
 * bar may wrap onto two rows at 800 px.
 */
globalStyle(`${form} :is(input, select, textarea)`, {
  scrollMarginBottom: 'calc(2 * 36px + 3 * 12px + 16px)',
  scrollMarginTop: 'calc(54px + 16px)',
});

export const section = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
  padding: vars.space[4],
  margin: 0,
  minWidth: 0,
});

export const legend = style({ padding: `0 ${vars.space[2]}`, fontWeight: 600 });

/** Two columns of fields at laptop width, one at 800 px and below. */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: `${vars.space[3]} ${vars.space[4]}`,
  '@media': { '(max-width: 860px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const wide = style({ gridColumn: '1 / -1' });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space[1], minWidth: 0 });

export const label = style({ fontWeight: 500 });

export const required = style({ color: vars.color.errorText, marginInlineStart: 2 });

export const control = style({
  minHeight: 36,
  padding: `${vars.space[1]} ${vars.space[3]}`,
  border: `1px solid #9ca3af`,
  borderRadius: vars.radius,
  background: vars.color.surface,
  width: '100%',
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.errorText },
  },
});

export const textarea = style([control, { minHeight: 96, resize: 'vertical', paddingBlock: vars.space[2] }]);

export const error = style({ color: vars.color.errorText, fontSize: vars.font.sizeSmall, margin: 0 });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall, margin: 0 });

export const choices = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space[2]} ${vars.space[4]}`,
  border: 0,
  padding: 0,
  margin: 0,
});

export const choice = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space[2],
  cursor: 'pointer',
});

globalStyle(`${choice} input`, { width: 16, height: 16, margin: 0, accentColor: vars.color.brandHover });

export const flag = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space[2],
  padding: vars.space[3],
  borderRadius: vars.radius,
  background: vars.color.warningSurface,
  color: vars.color.warningText,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space[3],
  position: 'sticky',
  bottom: 0,
  padding: `${vars.space[3]} 0`,
  background: vars.color.surfaceSubtle,
});

/** A save refused as a whole (someone else saved first): above the actions, the typing kept. */
export const alert = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
  padding: vars.space[3],
  borderRadius: vars.radius,
  background: vars.color.errorSurface,
  color: vars.color.errorText,
});

globalStyle(`${alert} p`, { margin: 0, flex: '1 1 320px' });

/** A non-blocking warning under a field (the email or SIRET of another customer). */
export const warning = style({ color: vars.color.warningText, fontSize: vars.font.sizeSmall, margin: 0 });
