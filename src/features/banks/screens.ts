/** Banks and accounting settings: the two preferences screens of issue 11 (one lazy chunk). */
export { AccountingSettingsScreen } from './AccountingSettingsScreen';
export { BanksScreen } from './BanksScreen';
