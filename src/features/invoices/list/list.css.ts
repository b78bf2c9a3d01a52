import { style } from '@vanilla-extract/css';

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

export const textCell = style({
  maxWidth: 240,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const secondary = style({ '@media': { 'screen and (max-width: 1023px)': { display: 'none' } } });
