import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const pane = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3], minWidth: 0 });

export const paneHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space[2],
  alignItems: 'center',
  justifyContent: 'space-between',
});

export const frameBox = style({
  position: 'relative',
  height: 'min(80vh, 900px)',
  minHeight: 420,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surfaceSubtle,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
});

export const frame = style({ width: '100%', height: '100%', border: 0, background: '#fff' });

export const frameMessage = style({
  margin: 0,
  padding: vars.space[4],
  textAlign: 'center',
  color: vars.color.textMuted,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space[2],
  alignItems: 'center',
});

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSmall });

export const sendings = style({
  margin: 0,
  paddingInlineStart: vars.space[4],
  fontSize: vars.font.sizeSmall,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space[3] });

export const message = style({ minHeight: 200, resize: 'vertical', fontFamily: 'inherit' });

export const progress = style({ width: 160 });
