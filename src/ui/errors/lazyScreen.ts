import type { ComponentType } from 'react';
import { internalErrors } from '../../i18n/internalErrors';
import { lazyComponent } from '../lazyComponent';

/**
 * A screen loaded on first render from its own chunk, or before it (`preload`, ui/lazyComponent.ts).
 * The module must export the component under `key`; a module that does not is a build mistake,
 * raised as 'Missing component key'.
 */
// biome-ignore lint/suspicious/noExplicitAny: screens take any props; the caller types them.
export function lazyScreen<Props extends object = any>(
  load: () => Promise<Record<string, unknown>>,
  key: string,
) {
  return lazyComponent<Props>(async () => {
    const module = await load();
    const component = module[key];
    if (!component || (typeof component !== 'function' && typeof component !== 'object')) {
      throw new Error(internalErrors.missingComponentKey, { cause: key });
    }
    return component as ComponentType<Props>;
  });
}
