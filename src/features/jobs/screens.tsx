/**
 * The Affaires area's screens, as the SPA host mounts them (one lazy chunk): the jobs list at the
 * deals base path, the new-job form, the job sheet, and Mes affaires.
 */
import { JobSheet } from './JobSheet';
import { JobsList } from './JobsList';
import { NewJob } from './NewJob';

export const DealsListScreen = () => <JobsList />;
export const MyDealsScreen = () => <JobsList mine />;
export const DealScreen = ({ businessId }: { businessId: string }) => <JobSheet businessId={businessId} />;
export const NewDealScreen = () => <NewJob />;
