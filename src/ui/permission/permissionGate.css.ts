import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const restricted = style({ display: 'inline-flex', flexDirection: 'column', gap: vars.space[1] });
export const restrictedContent = style({ opacity: 0.55, cursor: 'not-allowed' });
export const reason = style({ fontSize: vars.font.sizeSmall, color: vars.color.textMuted });
