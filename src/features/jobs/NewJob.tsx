import { useStore } from '@nanostores/react';
import type { BusinessJobDetail } from '../../api/businessJobs';
import type { JobInput } from '../../contract/jobs';
import { clientPaths, dealPath } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { $router } from '../../routes/router';
import { $session } from '../../session/session';
import type { ComboboxChoice } from '../../ui/Combobox';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { addToast } from '../../ui/toasts/toastStore';
import * as shared from '../invoices/invoices.css';
import { customerChoice, ownerChoices } from './form/choices';
import { JobForm } from './form/JobForm';
import { type JobFormValues, newJobForm } from './form/jobFormSchema';
import { useCustomerChoices } from './form/useCustomerChoices';
import { $companyUsers, $newJobCustomer, $newJobCustomerId, createJob } from './jobStores';
import { jobMessages as m } from './messages';

export interface NewJobViewProps {
  initialValues: JobFormValues;
  owners: readonly ComboboxChoice[];
  customerChoices: readonly ComboboxChoice[];
  customersLoading?: boolean;
  onCustomerSearch: (text: string) => void;
  /** Creates the job; an ApiError says what went wrong. */
  onCreate: (input: JobInput) => Promise<BusinessJobDetail>;
  /** After the creation (the SPA opens the new job's sheet). */
  onCreated: (job: BusinessJobDetail) => void;
}

/** « Nouvelle affaire »: name, customer, site address, retainage, owner; « Créer l'affaire ». */
export function NewJobView({ onCreate, onCreated, ...form }: NewJobViewProps) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <div className={shared.header}>
        <h1 className={shared.title}>{m.newJobTitle}</h1>
        <RouteLink to={clientPaths.deals} className={shared.link}>
          {m.backToList}
        </RouteLink>
      </div>
      <JobForm
        mode="create"
        {...form}
        save={async (input) => {
          const job = await onCreate(input);
          addToast(m.created, { type: 'success' });
          onCreated(job);
        }}
      />
    </div>
  );
}

/**
 * `/affaires/nouvelle` (from the jobs list, Mes affaires, or a customer sheet with `?client=`):
 * the customer given by the address is chosen already, the signed-in user is the owner.
 */
export function NewJob() {
  const customerId = useStore($newJobCustomerId);
  const customer = useStore($newJobCustomer);
  const { userId } = useStore($session, { keys: ['userId'] });
  const users = useStore($companyUsers);
  const customers = useCustomerChoices();
  // Wait for the customer named by the address (a customer that cannot be read: none is chosen).
  if (customerId !== null && !customer.data && !customer.error)
    return <LoadingScreen title={m.newJobTitle} />;
  const given = customer.data && customerId !== null ? customerChoice(customer.data.data) : null;
  return (
    <NewJobView
      // A new form when the customer given changes (another « Nouvelle affaire » link).
      key={given?.id ?? 'none'}
      initialValues={newJobForm(given, userId)}
      owners={ownerChoices(users.data?.data)}
      customerChoices={customers.choices}
      customersLoading={customers.loading}
      onCustomerSearch={customers.onSearch}
      onCreate={createJob}
      onCreated={(job) => $router.open(dealPath(job.id))}
    />
  );
}
