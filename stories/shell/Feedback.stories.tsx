import type { Meta, StoryObj } from '@storybook/react-vite';
import { ErrorBoundary } from '../../src/ui/errors/ErrorBoundary';
import { Spinner } from '../../src/ui/Spinner';

const meta: Meta = { title: 'Shell/Feedback' };
export default meta;

export const Loading: StoryObj = { render: () => <Spinner /> };

function Broken(): never {
  throw new Error('Écran en panne (démonstration)');
}

/** What a screen that fails to render shows instead of a blank area. */
export const RenderError: StoryObj = {
  render: () => (
    <ErrorBoundary area="story">
      <Broken />
    </ErrorBoundary>
  ),
};
