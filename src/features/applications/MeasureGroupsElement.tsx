import { Suspense } from 'react';
import { isApplicationType } from '../../contract/measures';
import type { ElementHostProps } from '../../elements/defineElement';
import { emit } from '../../elements/events';
import { drawsAtOnce, lazyComponent } from '../../ui/lazyComponent';
import { Spinner } from '../../ui/Spinner';

/** The list, its table and « Nouveau groupe de mesures »: a lazy chunk, so a page's first load does not grow. */
const MeasureGroups = lazyComponent(async () => (await import('./MeasureGroups')).MeasureGroups);

export interface MeasureGroupsElementProps extends ElementHostProps {
  application?: string;
}

/**
 * `<bo-measure-groups application="pix4d|sema">`: an application's measure groups on a platform
 * page. A group's name is a link to its page; a group created with « Nouveau groupe de mesures »
 * dispatches `bo-measure-group-created` {id, application} (the page may open it where it wants).
 */
function MeasureGroupsElementDrawn({ application, host }: MeasureGroupsElementProps) {
  const type = application?.toLowerCase() ?? '';
  if (!isApplicationType(type)) return null;
  return (
    <Suspense fallback={<Spinner />}>
      <MeasureGroups
        key={type}
        application={type}
        headingLevel={2}
        onCreated={(group) =>
          emit(host, 'bo-measure-group-created', { id: group.id, application: group.application })
        }
      />
    </Suspense>
  );
}

export const MeasureGroupsElement = drawsAtOnce(MeasureGroupsElementDrawn, MeasureGroups);
