import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureGlobalErrors, resetGlobalErrorCapture } from './captureGlobalErrors';
import * as loggerModule from './logger';

describe('global error capture', () => {
  afterEach(() => resetGlobalErrorCapture());

  it('logs uncaught errors and unhandled rejections at error level', () => {
    const error = vi.spyOn(loggerModule.logger, 'error').mockImplementation(() => {});
    const target = new EventTarget() as Window;
    captureGlobalErrors(target);
    const uncaught = new Error('uncaught');
    target.dispatchEvent(Object.assign(new Event('error'), { message: 'uncaught', error: uncaught }));
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: new Error('rejected') });
    target.dispatchEvent(rejection);
    expect(error).toHaveBeenCalledWith('uncaught', expect.objectContaining({ error: uncaught }));
    expect(error).toHaveBeenCalledWith(
      'rejected',
      expect.objectContaining({ labels: { kind: 'unhandledrejection' } }),
    );
  });

  it('installs its listeners once per page', () => {
    const target = new EventTarget() as Window;
    const add = vi.spyOn(target, 'addEventListener');
    captureGlobalErrors(target);
    captureGlobalErrors(target);
    expect(add).toHaveBeenCalledTimes(2);
  });
});
