import { style } from '@vanilla-extract/css';

/** The last word and the punctuation after it stay on one line. */
export const together = style({ whiteSpace: 'nowrap' });
