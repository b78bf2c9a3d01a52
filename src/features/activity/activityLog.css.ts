import { style } from '@vanilla-extract/css';

/**
 * The user filter keeps one width (issue 27): its choices, the company's people, come after the log
 * is drawn, and a select as wide as its longest choice grew then and pushed the filters after it
 * onto another line (a layout shift of the page opened at #journal on a phone).
 */
export const userFilter = style({ flex: '0 0 200px', maxWidth: '100%' });
