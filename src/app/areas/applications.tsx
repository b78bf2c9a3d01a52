/**
 * The connected applications (Pix4D, SEMA) and their measure groups, not built yet: their screens
 * say so. When they are built, the route table loads `features/applications/screens` instead.
 */
import { ComingSoon } from '../../features/coming-soon/ComingSoon';

/** The application's name as the menu shows it (Pix4D, SEMA); another type as the address says. */
const applicationName = (type: string) => ({ pix4d: 'Pix4D', sema: 'SEMA' })[type.toLowerCase()] ?? type;

export const ApplicationsScreen = () => <ComingSoon area="Mes applications" />;
export const ApplicationHomeScreen = ({ type }: { type: string }) => (
  <ComingSoon area={applicationName(type)} />
);
export const MeasureGroupsScreen = ({ type }: { type: string }) => (
  <ComingSoon area={`Groupes de mesures ${applicationName(type)}`} />
);
export const MeasureGroupScreen = ({ type, id }: { type: string; id: string }) => (
  <ComingSoon area={`Groupe de mesures ${applicationName(type)}`} detail={`Groupe n° ${id}`} />
);
export const MeasureGroupEventsScreen = ({ type, id }: { type: string; id: string }) => (
  <ComingSoon area={`Événements du groupe de mesures ${applicationName(type)}`} detail={`Groupe n° ${id}`} />
);
