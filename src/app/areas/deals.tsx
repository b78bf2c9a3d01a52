/**
 * The deals area (Affaires), not built yet: its screens say so. When it is built, the route table
 * (app/screens.tsx) loads `features/deals/screens` instead of this module.
 */
import { ComingSoon } from '../../features/coming-soon/ComingSoon';

export const DealsListScreen = () => <ComingSoon area="Affaires" />;
export const DealScreen = ({ businessId }: { businessId: string }) => (
  <ComingSoon area="Fiche affaire" detail={`Affaire n° ${businessId}`} />
);
export const MyDealsScreen = () => <ComingSoon area="Mes affaires" />;
