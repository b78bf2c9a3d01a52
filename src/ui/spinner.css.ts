import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  width: 28,
  height: 28,
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.brand,
  borderRadius: '50%',
  animation: `${spin} 800ms linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2400ms' } },
});

export const centered = style({ display: 'flex', justifyContent: 'center', padding: vars.space[8] });

/** Beside a short text that already says what is happening (« Enregistrement… »). */
export const inline = style([spinner, { width: 14, height: 14, borderWidth: 2 }]);
