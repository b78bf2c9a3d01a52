import { useRef } from 'react';
import { editCustomer, findCustomerDuplicates } from '../../../api/customers';
import { invalidateCompanyKeys } from '../../../api/query';
import { clientPaths, newDealPath } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { button } from '../../../ui/button.css';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { sectionTitle } from '../../../ui/panel.css';
import { History } from '../../records/History';
import * as shared from '../customers.css';
import { link as linkStyle } from '../customers.css';
import { customerDisplayName } from '../displayName';
import { CustomerForm } from '../form/CustomerForm';
import { changedFields } from '../form/changedFields';
import { customerToForm } from '../form/customerFormSchema';
import { customerMessages } from '../messages';
import { CustomerRecord } from './CustomerRecord';
import { DeleteCustomerButton } from './DeleteCustomerButton';
import * as styles from './sheet.css';
import { useCustomerSheetData } from './useCustomerSheetData';
import { useEnterpriseId } from './useEnterpriseId';

export interface CustomerSheetProps {
  customerId: number;
  /** h1 on its own screen, h2 when a platform page embeds it under its own heading. */
  headingLevel?: 1 | 2;
  /** After a delete: the SPA goes back to the list, an embedding page hears an event. */
  onDeleted: () => void;
}

/**
 * The customer sheet (spec section 3): its figures and documents (jobs, quotes, invoices, payments:
 * issue 26), then every field, saved in place.
 */
export function CustomerSheet({ customerId, headingLevel = 1, onDeleted }: CustomerSheetProps) {
  const enterpriseId = useEnterpriseId();
  const { data, saved, reload } = useCustomerSheetData(customerId);
  /**
   * Keeps the form mounted across its own saves (what is typed stays as typed); the customer read
   * again after a stale save (another version than this sheet's last save answered) starts it anew.
   */
  const savedHere = useRef<number | null>(null);
  const started = useRef<number | null>(null);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const SectionHeading = headingLevel === 1 ? 'h2' : 'h3';

  if (enterpriseId === null || data.status === 'loading') {
    return <LoadingScreen title={customerMessages.sheetTitle} headingLevel={headingLevel} />;
  }
  if (data.status !== 'loaded' || !data.customer) {
    return (
      <div className={styles.sheet}>
        <Heading className={shared.title}>{customerMessages.sheetTitle}</Heading>
        <div className={shared.panel} role="alert">
          <p>{data.status === 'notFound' ? customerMessages.notFound : customerMessages.loadFailed}</p>
          <RouteLink to={clientPaths.customers} className={linkStyle}>
            {customerMessages.backToList}
          </RouteLink>
        </div>
      </div>
    );
  }
  const { customer, settings } = data;
  if (customer.version !== savedHere.current) started.current = customer.version;
  const name = customerDisplayName(customer);
  return (
    <div className={styles.sheet}>
      <div className={shared.header}>
        <div>
          <Heading className={shared.title}>
            {customerMessages.sheetTitle} : {name}
          </Heading>
          <p className={shared.subtitle}>Code client {customer.customerCode}</p>
        </div>
        <div className={styles.headerActions}>
          {/* The new-job form with this customer chosen (issue 21). */}
          <RouteLink to={newDealPath(customer.id)} className={button.secondary}>
            {customerMessages.newJob}
          </RouteLink>
          <RouteLink to={clientPaths.customers} className={linkStyle}>
            {customerMessages.backToList}
          </RouteLink>
        </div>
      </div>
      <CustomerRecord customerId={customer.id} headingLevel={headingLevel === 1 ? 2 : 3} />
      <SectionHeading id="customer-details" className={sectionTitle}>
        {customerMessages.detailsTitle}
      </SectionHeading>
      <CustomerForm
        key={started.current}
        initialValues={customerToForm(customer, settings)}
        settings={settings}
        currentCode={customer.customerCodeAuto ? customer.customerCode : undefined}
        // Only what changed, from the version this sheet shows (409 stale_version otherwise).
        save={(input) => editCustomer(enterpriseId, customer.id, changedFields(customer, input))}
        onSaved={(customerSaved) => {
          savedHere.current = customerSaved.version;
          saved(customerSaved);
          // The history shows the change it just recorded.
          invalidateCompanyKeys('/activity');
        }}
        validateOnOpen
        findDuplicates={(query) => findCustomerDuplicates(enterpriseId, { ...query, exceptId: customer.id })}
        // After a stale save, on the user's request: the stored customer in a new form.
        onReload={reload}
        extraActions={
          <DeleteCustomerButton
            enterpriseId={enterpriseId}
            customerId={customer.id}
            customerName={name}
            onDeleted={onDeleted}
          />
        }
      />
      <History
        object={{ objectType: 'customer', objectId: customer.id }}
        headingLevel={headingLevel === 1 ? 2 : 3}
      />
    </div>
  );
}
