import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';
import { table as sharedTable } from '../invoices.css';

export {
  batchBar,
  checkCell,
  emptyPanel,
  searchField,
  sortButton,
  summary,
  toolbar,
} from '../../../ui/table.css';

export const scroller = style({ maxHeight: 'calc(100vh - 320px)', minHeight: 200 });

/** Tighter cells than the other lists': at 1280 px every column shows, amounts whole. */
export const table = style({});
globalStyle(`${sharedTable}${table} th, ${sharedTable}${table} td`, { paddingInline: vars.space[2] });

/** Number, dates, type, status and amounts: as wide as their content, never cut. */
export const fitCell = style({ width: '1%', whiteSpace: 'nowrap' });

/**
 * Client and job share the room the other columns leave (max-width 0 takes them out of the table's
 * minimum), cut with an ellipsis, never under 120 px: below that the list scrolls sideways.
 */
export const flexCell = style({
  maxWidth: 0,
  minWidth: 120,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const secondary = style({ '@media': { 'screen and (max-width: 1023px)': { display: 'none' } } });
