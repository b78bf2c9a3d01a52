import { type ComponentType, lazy } from 'react';
import { internalErrors } from '../../i18n/internalErrors';

/**
 * A screen loaded on first render from its own chunk. The module must export the component under
 * `key`; a module that does not is a build mistake, raised as 'Missing component key'.
 */
// biome-ignore lint/suspicious/noExplicitAny: screens take any props; the caller types them.
export function lazyScreen<Props = any>(load: () => Promise<Record<string, unknown>>, key: string) {
  return lazy(async () => {
    const module = await load();
    const component = module[key];
    if (!component || (typeof component !== 'function' && typeof component !== 'object')) {
      throw new Error(internalErrors.missingComponentKey, { cause: key });
    }
    return { default: component as ComponentType<Props> };
  });
}
