import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as loggerModule from '../../logging/logger';
import { ErrorBoundary } from './ErrorBoundary';
import { lazyScreen } from './lazyScreen';

const CustomersScreen = () => <h1>Gestion clients</h1>;
const Other = () => null;

describe('lazyScreen', () => {
  it('renders the component exported under its key', async () => {
    const Screen = lazyScreen(async () => ({ CustomersScreen }), 'CustomersScreen');
    render(
      <Suspense fallback="…">
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Gestion clients' })).toBeTruthy();
  });

  it("raises 'Missing component key' when the module lacks it, which the boundary logs and explains", async () => {
    const error = vi.spyOn(loggerModule.logger, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = lazyScreen(async () => ({ Other }), 'CustomersScreen');
    render(
      <ErrorBoundary area="test">
        <Suspense fallback="…">
          <Screen />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Une erreur inattendue'),
    );
    expect(error).toHaveBeenCalledWith('Missing component key', expect.anything());
  });
});
