/**
 * The page entry: registers every bo-* tag (the library's only module with side effects).
 *
 *   <script type="application/json" id="bo-config">{ ... }</script>
 *   <script type="module" src=".../bo-elements/dist/define.js"></script>
 *   <bo-nav-bar></bo-nav-bar>
 */
// First: before any schema parses (see zodSetup.ts).
import './contract/zodSetup';
import { getConfig } from './config/config';
import { defineElement } from './elements/defineElement';
import { navBarDefinition, notificationBellDefinition, shellDefinition } from './elements/definitions';
import { registerFonts } from './elements/fonts';
import { lazyElement } from './elements/lazyElement';
import { lazyTags } from './elements/lazyTags';
import { NavBar } from './features/nav-bar/NavBar';
import { NotificationBell } from './features/notifications/NotificationBell';
import { captureGlobalErrors } from './logging/captureGlobalErrors';
import { startMonitoring } from './logging/monitoring';
import { Shell } from './ui/shell/Shell';

registerFonts();
captureGlobalErrors();
void startMonitoring(getConfig());

defineElement(shellDefinition, Shell);
defineElement(navBarDefinition, NavBar);
defineElement(notificationBellDefinition, NotificationBell);
// The areas' elements load their code on first use (src/elements/lazyTags.ts: one line per tag);
// the page entry keeps the shell, the nav bar and the bell, which every page shows at once.
for (const [definition, load] of lazyTags) defineElement(definition, lazyElement(load));
