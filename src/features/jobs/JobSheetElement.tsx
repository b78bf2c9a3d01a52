import type { ElementHostProps } from '../../elements/defineElement';
import { JobSheet } from './JobSheet';

export interface JobSheetElementProps extends ElementHostProps {
  jobId?: number;
}

/**
 * `<bo-job-sheet job-id="3">`: a job's sheet on a platform page, the SPA's own (fields, quotes,
 * invoices, payments, reception, retainage); its links, and the quote « Nouveau devis » creates,
 * open the way the menu's links go. Without a valid id it shows nothing. A lazy chunk of its own.
 */
export function JobSheetElement({ jobId }: JobSheetElementProps) {
  const valid = jobId !== undefined && Number.isInteger(jobId) && jobId > 0;
  return valid ? <JobSheet businessId={String(jobId)} /> : null;
}
