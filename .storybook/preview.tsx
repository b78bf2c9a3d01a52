import type { Decorator, Preview } from '@storybook/react-vite';
import { setConfig } from '../src/config/config';
import { registerFonts } from '../src/elements/fonts';
import { root } from '../src/ui/theme.css';

setConfig({ platformOrigin: 'http://localhost:3000', apiHost: 'http://localhost:3000' });
registerFonts();

/**
 * The widths the product is checked at (ARCHITECTURE.md: every screen works at 1280 px and down to
 * 800 px, the menu collapsing under 1024 px). A story opens at 800 px with
 * `globals: { viewport: { value: 'narrow800', isRotated: false } }`: Storybook sizes its frame, so
 * the media queries (the collapsed menu) apply without resizing by hand.
 */
const viewports = {
  narrow800: { name: '800 px (narrow laptop)', styles: { width: '800px', height: '900px' }, type: 'desktop' },
  desktop1280: { name: '1280 px (laptop)', styles: { width: '1280px', height: '900px' }, type: 'desktop' },
} as const;

/** The story's own width, when its viewport is one of ours: the frame opened alone keeps it too. */
const withViewportWidth: Decorator = (Story, context) => {
  const viewport = context.globals.viewport as { value?: string } | string | undefined;
  const value = typeof viewport === 'string' ? viewport : viewport?.value;
  const width = value && value in viewports ? viewports[value as keyof typeof viewports].styles.width : null;
  return width ? (
    <div style={{ maxWidth: width, boxSizing: 'border-box' }}>
      <Story />
    </div>
  ) : (
    <Story />
  );
};

const preview: Preview = {
  parameters: { layout: 'fullscreen', a11y: { test: 'error' }, viewport: { options: viewports } },
  decorators: [
    withViewportWidth,
    (Story) => (
      <div className={root} style={{ padding: 24, minHeight: '100vh' }}>
        <Story />
      </div>
    ),
  ],
};

export default preview;
