import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** A boxed part of a page (a sheet's section, a side panel). */
export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  padding: vars.space[4],
});

/** A panel's heading. */
export const sectionTitle = style({ margin: `0 0 ${vars.space[3]}`, fontSize: 16, fontWeight: 600 });

/** A panel's heading with an action (a link, a button) at its end. */
export const panelHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
  marginBottom: vars.space[3],
});

/** A row of buttons. */
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], alignItems: 'center' });
/** The buttons under an empty list's sentence. */
export const centeredActions = style([actions, { justifyContent: 'center', marginTop: vars.space[3] }]);
