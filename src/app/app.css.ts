import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

export const main = style({ maxWidth: 960, margin: '0 auto', padding: vars.space[6] });
export const title = style({ fontSize: 22, fontWeight: 600, margin: `0 0 ${vars.space[4]}` });
