/**
 * The page of bench/quote-editor.ts: the real `QuoteEditor` (its store, autosave and view) on a
 * quote of `?lines=500` priced lines in chapters of 25, the API answered in the page (no server:
 * the bench measures the browser's work). For each keystroke in a quantity field it records the
 * time from the keydown event to the first frame painted after it, checking that the quote's
 * « Total HT » shown in that frame has changed: `window.__samples` (ms).
 */
import { createRoot } from 'react-dom/client';
import { setConfig } from '../../src/config/config';
import { QuoteEditor } from '../../src/features/quotes/editor/QuoteEditor';
import {
  editorQuote,
  largeContent,
  vatRates,
} from '../../src/features/quotes/editor/testing/quoteEditorFixtures';
import { $session } from '../../src/session/session';

const variant = new URLSearchParams(location.search).get('css');
if (variant) {
  const style = document.createElement('style');
  style.textContent = decodeURIComponent(variant);
  document.head.append(style);
}
const lineCount = Number(new URLSearchParams(location.search).get('lines') ?? 500);
const quote = editorQuote('draft', largeContent(lineCount));
let version = quote.version;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  if (url.pathname.endsWith('/vat-rates')) return json({ data: vatRates });
  if (url.pathname.endsWith('/document-settings'))
    return json({ data: { quantityPrecision: 2, unitPricePrecision: 2 } });
  if ((init.method ?? 'GET').toUpperCase() === 'POST') {
    version += 1;
    (window as unknown as { __saves: number }).__saves += 1;
    return json({ data: { ...quote, version } });
  }
  return json({ data: { ...quote, version } });
};
(window as unknown as { __saves: number }).__saves = 0;

document.cookie = 'appAccessToken=bench; path=/';
setConfig({ apiHost: location.origin });
$session.set({ status: 'signed-in', userId: 1, enterpriseId: 1, isAdmin: true, scopes: [] });

const samples: number[] = [];
(window as unknown as { __script: number[] }).__script = [];
(window as unknown as { __samples: number[] }).__samples = samples;
const totalHt = () => {
  const term = [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Total HT');
  return term?.nextElementSibling?.textContent ?? '';
};

// Capture phase: before React's handlers. The frame painted after the keystroke's work is the
// first frame whose rAF runs after it; a message posted from that rAF runs once it is painted.
document.addEventListener(
  'keydown',
  (event) => {
    const target = event.target as HTMLElement;
    if (target.dataset.column !== 'quantity') return;
    const before = totalHt();
    const started = event.timeStamp;
    // The script's share: React's handlers (on the root) have run when the event reaches the document.
    document.addEventListener(
      'input',
      () => (window as unknown as { __script: number[] }).__script.push(performance.now() - started),
      { once: true },
    );
    // A keystroke whose first frame does not show the new total yet is measured to the frame that
    // does (up to 60 frames), so a slow keystroke is never left out of the figures.
    const measureAfterNextPaint = (framesLeft: number) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          if (totalHt() !== before) samples.push(performance.now() - started);
          else if (framesLeft > 0) measureAfterNextPaint(framesLeft - 1);
          else samples.push(Number.NaN);
        };
        channel.port2.postMessage(null);
      });
    measureAfterNextPaint(60);
  },
  true,
);

createRoot(document.getElementById('root')!).render(
  <QuoteEditor quoteId={quote.id} onOpenQuote={() => {}} />,
);
