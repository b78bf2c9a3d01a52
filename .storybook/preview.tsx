import type { Preview } from '@storybook/react-vite';
import { setConfig } from '../src/config/config';
import { registerFonts } from '../src/elements/fonts';
import { root } from '../src/ui/theme.css';

setConfig({ platformOrigin: 'http://localhost:3000', apiHost: 'http://localhost:3000' });
registerFonts();

const preview: Preview = {
  parameters: { layout: 'fullscreen', a11y: { test: 'error' } },
  decorators: [
    (Story) => (
      <div className={root} style={{ padding: 24, minHeight: '100vh' }}>
        <Story />
      </div>
    ),
  ],
};

export default preview;
