import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { TOAST_EXIT_ANIMATION_MS, TOAST_MAX_WIDTH } from '../../config/constants';
import { vars } from '../theme.css';

export const region = style({
  position: 'fixed',
  top: vars.space[4],
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: vars.zIndex.toast,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space[2],
  maxWidth: TOAST_MAX_WIDTH,
  width: 'max-content',
  pointerEvents: 'none',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

const enter = keyframes({
  from: { opacity: 0, transform: 'translateY(-8px)' },
  to: { opacity: 1, transform: 'none' },
});
const exit = keyframes({ from: { opacity: 1 }, to: { opacity: 0, transform: 'translateY(-8px)' } });

const base = style({
  pointerEvents: 'auto',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space[3],
  maxWidth: TOAST_MAX_WIDTH,
  padding: `${vars.space[3]} ${vars.space[4]}`,
  borderRadius: vars.radius,
  border: '1px solid',
  background: vars.color.surface,
  animation: `${enter} 200ms ease-out`,
});

export const leaving = style({ animation: `${exit} ${TOAST_EXIT_ANIMATION_MS}ms ease-in forwards` });

export const tone = styleVariants({
  info: [
    base,
    { borderColor: vars.color.infoText, background: vars.color.infoSurface, color: vars.color.infoText },
  ],
  success: [
    base,
    {
      borderColor: vars.color.successText,
      background: vars.color.successSurface,
      color: vars.color.successText,
    },
  ],
  warning: [
    base,
    {
      borderColor: vars.color.warningText,
      background: vars.color.warningSurface,
      color: vars.color.warningText,
    },
  ],
  error: [
    base,
    { borderColor: vars.color.errorText, background: vars.color.errorSurface, color: vars.color.errorText },
  ],
});

export const content = style({ flex: 1, overflowWrap: 'anywhere' });

export const close = style({
  border: 0,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  fontSize: 18,
  lineHeight: 1,
  padding: 0,
  width: 24,
  height: 24,
  borderRadius: vars.radius,
});
