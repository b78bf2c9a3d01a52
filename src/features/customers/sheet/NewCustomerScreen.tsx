import { redirectPage } from '@nanostores/router';
import { createCustomer } from '../../../api/customers';
import { clientPaths } from '../../../routes/paths';
import { $router } from '../../../routes/router';
import { Spinner } from '../../../ui/Spinner';
import { ClientLink } from '../ClientLink';
import * as shared from '../customers.css';
import { CustomerForm } from '../form/CustomerForm';
import { emptyCustomerForm } from '../form/customerFormSchema';
import { customerMessages } from '../messages';
import * as styles from './sheet.css';
import { useCustomerSheetData } from './useCustomerSheetData';
import { useEnterpriseId } from './useEnterpriseId';

/** `/gestion-clients/nouveau`: once saved, the new customer's sheet replaces this page. */
export function NewCustomerScreen() {
  const enterpriseId = useEnterpriseId();
  const [data] = useCustomerSheetData(enterpriseId, null);
  if (enterpriseId === null || data.status === 'loading') return <Spinner />;
  return (
    <div className={styles.sheet}>
      <div className={shared.header}>
        <h1 className={shared.title}>{customerMessages.newTitle}</h1>
        <ClientLink path={clientPaths.customers}>{customerMessages.backToList}</ClientLink>
      </div>
      <CustomerForm
        initialValues={emptyCustomerForm()}
        settings={data.status === 'loaded' ? data.settings : null}
        save={(input) => createCustomer(enterpriseId, input)}
        onSaved={(customer) => redirectPage($router, 'customer', { customerId: String(customer.id) })}
      />
    </div>
  );
}
