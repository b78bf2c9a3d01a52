/**
 * « Mes applications »'s screens as the SPA host mounts them (one lazy chunk): the applications,
 * an application's home, its measure groups, a group and a group's events.
 */
import { type ApplicationType, isApplicationType } from '../../contract/measures';
import { measureGroupPath, measureGroupsPath } from '../../routes/paths';
import { $router } from '../../routes/router';
import { NotFound } from '../not-found/NotFound';
import { ApplicationsScreen, ApplicationHomeScreen as Home } from './ApplicationsScreen';
import { MeasureGroup, MeasureGroupEvents } from './MeasureGroup';
import { MeasureGroups } from './MeasureGroups';

export { ApplicationsScreen };

/** The route names the type (pix4d, sema); another word in the address is a page that does not exist. */
const known = (type: string): ApplicationType | null => {
  const lower = type.toLowerCase();
  return isApplicationType(lower) ? lower : null;
};

export function ApplicationHomeScreen({ type }: { type: string }) {
  const application = known(type);
  return application ? <Home type={application} /> : <NotFound path={`/applications/${type}`} />;
}

export function MeasureGroupsScreen({ type }: { type: string }) {
  const application = known(type);
  if (!application) return <NotFound path={measureGroupsPath(type)} />;
  return (
    <MeasureGroups
      key={application}
      application={application}
      onCreated={(group) => $router.open(measureGroupPath(group.application, group.id))}
    />
  );
}

export function MeasureGroupScreen({ type, id }: { type: string; id: string }) {
  return <MeasureGroup key={id} application={type.toLowerCase()} id={id} />;
}

export function MeasureGroupEventsScreen({ type, id }: { type: string; id: string }) {
  return <MeasureGroupEvents key={id} application={type.toLowerCase()} id={id} />;
}
