import { createCustomer, findCustomerDuplicates } from '../../../api/customers';
import { clientPaths, customerPath } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { $router } from '../../../routes/router';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import * as shared from '../customers.css';
import { link as linkStyle } from '../customers.css';
import { CustomerForm } from '../form/CustomerForm';
import { emptyCustomerForm } from '../form/customerFormSchema';
import { customerMessages } from '../messages';
import * as styles from './sheet.css';
import { useCustomerSheetData } from './useCustomerSheetData';
import { useEnterpriseId } from './useEnterpriseId';

/**
 * `/gestion-clients/nouveau`: once saved, the new customer's sheet replaces this page. Paths go
 * through `$router.open`: the customer route is a digits-only RegExp, which `openPage` cannot build.
 */
export function NewCustomerScreen() {
  const enterpriseId = useEnterpriseId();
  const { data } = useCustomerSheetData(null);
  if (enterpriseId === null || data.status === 'loading')
    return <LoadingScreen title={customerMessages.newTitle} />;
  const settings = data.status === 'loaded' ? data.settings : null;
  return (
    <div className={styles.sheet}>
      <div className={shared.header}>
        <h1 className={shared.title}>{customerMessages.newTitle}</h1>
        <RouteLink to={clientPaths.customers} className={linkStyle}>
          {customerMessages.backToList}
        </RouteLink>
      </div>
      <CustomerForm
        initialValues={emptyCustomerForm('professional', settings)}
        settings={settings}
        save={(input) => createCustomer(enterpriseId, input)}
        savedMessage={customerMessages.created}
        findDuplicates={(query) => findCustomerDuplicates(enterpriseId, query)}
        // Replaces this page in the history: Back should not return to an empty form.
        onSaved={(customer) => $router.open(customerPath(customer.id), true)}
      />
    </div>
  );
}
