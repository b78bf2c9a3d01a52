import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export {
  actions,
  alert,
  amount,
  definitions,
  emptyPanel,
  header,
  link,
  panel,
  sectionTitle,
  subtitle,
  title,
} from '../invoices/invoices.css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space[4] });

/** The two applications side by side, one under the other below 900 px. */
export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))',
  gap: vars.space[4],
});

export const cardHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space[3],
  marginBottom: vars.space[2],
});

export const cardTitle = style({ margin: 0, fontSize: 18, fontWeight: 600 });

const chipBase = style({
  display: 'inline-block',
  padding: `2px ${vars.space[2]}`,
  borderRadius: 999,
  fontSize: vars.font.sizeSmall,
  fontWeight: 500,
  whiteSpace: 'nowrap',
});
export const chipOn = style([
  chipBase,
  { background: vars.color.successSurface, color: vars.color.successText },
]);
export const chipOff = style([
  chipBase,
  { background: vars.color.surfaceHover, color: vars.color.textMuted },
]);

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space[1]} ${vars.space[3]}`,
  margin: `${vars.space[3]} 0`,
});
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, fontWeight: 500 });

/** The key shown once: monospace, selectable whole, wrapping anywhere. */
export const apiKey = style({
  display: 'block',
  width: '100%',
  padding: vars.space[3],
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 14,
  wordBreak: 'break-all',
  background: vars.color.surfaceSubtle,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  resize: 'none',
  color: vars.color.text,
});

export const warning = style({
  margin: 0,
  padding: vars.space[3],
  borderRadius: vars.radius,
  background: vars.color.warningSurface,
  color: vars.color.warningText,
  fontWeight: 500,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });

export const formRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
  gap: vars.space[3],
  alignItems: 'start',
});

export const endActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[2],
  justifyContent: 'flex-end',
});

/** The group's page: main column, then its side panels (one column below 1 100 px). */
export const groupLayout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space[4],
  '@media': {
    'screen and (min-width: 1100px)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(280px, 1fr)' },
  },
});

export const totals = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `${vars.space[1]} ${vars.space[3]}`,
  margin: 0,
});
globalStyle(`${totals} dt`, { color: vars.color.textMuted });
globalStyle(`${totals} dd`, {
  margin: 0,
  fontWeight: 600,
  textAlign: 'end',
  fontVariantNumeric: 'tabular-nums',
});

export const plainList = style({
  margin: 0,
  paddingLeft: vars.space[4],
  display: 'grid',
  gap: vars.space[1],
});

export const dropZone = style({
  margin: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space[2],
  padding: vars.space[4],
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surfaceSubtle,
  textAlign: 'center',
});
export const dropZoneActive = style({
  borderColor: vars.color.brandHover,
  background: vars.color.brandSubtle,
});

export const progress = style({ width: '100%', height: 8 });

export const success = style({
  margin: 0,
  padding: vars.space[3],
  borderRadius: vars.radius,
  background: vars.color.successSurface,
  color: vars.color.successText,
});

/** The timeline: newest first, a line on the left joining the events. */
export const timeline = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space[3],
});
export const event = style({
  position: 'relative',
  paddingLeft: vars.space[4],
  borderLeft: `2px solid ${vars.color.border}`,
});
export const eventTitle = style({ margin: 0, fontWeight: 600 });
export const eventMeta = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSmall });
export const eventDetail = style({ margin: `${vars.space[1]} 0 0`, paddingLeft: vars.space[4] });

export const visuallyHiddenInput = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
