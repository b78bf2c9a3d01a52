import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export { alert, emptyPanel, footer, searchField, sortButton, toolbar } from '../../ui/table.css';

/** The family tree beside the list; under 800 px it goes above. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(180px, 220px) minmax(0, 1fr)',
  gap: vars.space[4],
  alignItems: 'start',
  '@media': { 'screen and (max-width: 800px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  padding: vars.space[3],
});

export const panelTitle = style({ margin: `0 0 ${vars.space[2]}`, fontSize: 14, fontWeight: 600 });

export const tree = style({ listStyle: 'none', margin: 0, padding: 0 });
globalStyle(`${tree} ${tree}`, { paddingInlineStart: vars.space[3] });

export const treeButton = style({
  display: 'block',
  width: '100%',
  padding: `${vars.space[1]} ${vars.space[2]}`,
  border: 0,
  borderRadius: vars.radius,
  background: 'transparent',
  color: vars.color.text,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&[aria-current="true"]': { background: vars.color.brandSubtle, fontWeight: 600 },
  },
});

export const familyForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  marginTop: vars.space[3],
});

/** A work's composition (a DataTable): kept in view, its rows' texts level with their quantity fields. */
export const composition = style({ maxHeight: '70vh' });
globalStyle(`${composition} td`, { verticalAlign: 'middle' });
/** A code stays on one line (« PLO-MO1 », not « PLO- » over « MO1 »). */
export const code = style({ whiteSpace: 'nowrap' });

export const rowButton = style({
  padding: 0,
  border: 0,
  background: 'transparent',
  color: vars.color.brandText,
  fontWeight: 500,
  textAlign: 'start',
  textDecoration: 'underline',
  textUnderlineOffset: 3,
  cursor: 'pointer',
});

export const kindTag = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSmall });

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
  marginBottom: vars.space[4],
});

export const title = style({ margin: 0, fontSize: 22, fontWeight: 600, lineHeight: 1.3 });
export const subtitle = style({ margin: 0, color: vars.color.textMuted });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space[2], alignItems: 'center' });

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
  gap: `${vars.space[2]} ${vars.space[4]}`,
  margin: 0,
  padding: vars.space[3],
  background: vars.color.surfaceSubtle,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
});
globalStyle(`${figures} dt`, { color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
globalStyle(`${figures} dd`, { margin: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' });

export const quantityInput = style({ width: 110, textAlign: 'end' });

export const notice = style({
  margin: `${vars.space[3]} 0 0`,
  padding: vars.space[3],
  borderRadius: vars.radius,
  background: vars.color.infoSurface,
  color: vars.color.infoText,
});
