import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export {
  emptyPanel,
  searchField,
  summary,
  toolbar,
} from '../../../ui/table.css';

export const scroller = style({ maxHeight: 'calc(100vh - 320px)', minHeight: 200 });

/** Tighter cells than the other lists': at 1280 px every column shows, amounts whole. */
globalStyle(`${scroller} tr > th, ${scroller} tr > td`, { paddingInline: vars.space[2] });
