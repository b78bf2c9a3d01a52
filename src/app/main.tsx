// First: before any schema is built (see zodSetup.ts).
import '../contract/zodSetup';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { getConfig } from '../config/config';
import { registerFonts } from '../elements/fonts';
import { startAnalytics } from '../integrations/analytics';
import { startChatWidget } from '../integrations/chatWidget';
import { captureGlobalErrors } from '../logging/captureGlobalErrors';
import { startMonitoring } from '../logging/monitoring';
import { followRedirects } from '../routes/redirects';
import { $router } from '../routes/router';
import { App } from './App';
import { preloadScreen } from './screens';

const config = getConfig();
document.title = config.productName;
registerFonts();
captureGlobalErrors();
void startMonitoring(config);
void startAnalytics(config);
void startChatWidget(config);
// Before the first render: `/` shows the outstanding payments at once, not an empty frame.
followRedirects();

// In a transition: React renders the first frame in slices, yielding to the browser between them,
// rather than in one long task (on a phone 250 ms or more of cold code, issue 27's Total Blocking
// Time); the page shows nothing sooner either way. Rendered once the screen's code is here: a
// screen that suspends first is drawn only 300 ms after its fallback (ui/lazyComponent.ts). A
// screen whose code fails to load is rendered all the same: its error boundary says so.
const root = createRoot(document.getElementById('root')!);
const draw = () =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
preloadScreen($router.get()).then(draw, draw);
