import type { Meta, StoryObj } from '@storybook/react-vite';
import { ElementDoc } from './ElementDoc';

/**
 * A docs page per element (issue 25), read from custom-elements.json: what it is, its attributes,
 * events and session, where it is used, its states' stories and an embedding snippet. Static pages
 * in one file: the stories test opens the file once and shows each page over the preview's channel.
 */
const meta = { title: 'Elements', parameters: { layout: 'padded' } } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const BoShell: Story = { name: '<bo-shell>', render: () => <ElementDoc tag="bo-shell" /> };
export const BoNavBar: Story = { name: '<bo-nav-bar>', render: () => <ElementDoc tag="bo-nav-bar" /> };
export const BoNotificationBell: Story = {
  name: '<bo-notification-bell>',
  render: () => <ElementDoc tag="bo-notification-bell" />,
};
export const BoCustomerSheet: Story = {
  name: '<bo-customer-sheet>',
  render: () => <ElementDoc tag="bo-customer-sheet" />,
};
export const BoInvoiceEditor: Story = {
  name: '<bo-invoice-editor>',
  render: () => <ElementDoc tag="bo-invoice-editor" />,
};
export const BoPriceLibrary: Story = {
  name: '<bo-price-library>',
  render: () => <ElementDoc tag="bo-price-library" />,
};
export const BoQuotesList: Story = {
  name: '<bo-quotes-list>',
  render: () => <ElementDoc tag="bo-quotes-list" />,
};
export const BoQuoteEditor: Story = {
  name: '<bo-quote-editor>',
  render: () => <ElementDoc tag="bo-quote-editor" />,
};
export const BoMeasureGroups: Story = {
  name: '<bo-measure-groups>',
  render: () => <ElementDoc tag="bo-measure-groups" />,
};
export const BoMeasureGroup: Story = {
  name: '<bo-measure-group>',
  render: () => <ElementDoc tag="bo-measure-group" />,
};
export const BoPaymentsOutstanding: Story = {
  name: '<bo-payments-outstanding>',
  render: () => <ElementDoc tag="bo-payments-outstanding" />,
};
export const BoPaymentsReceived: Story = {
  name: '<bo-payments-received>',
  render: () => <ElementDoc tag="bo-payments-received" />,
};
export const BoPreferencesForm: Story = {
  name: '<bo-preferences-form>',
  render: () => <ElementDoc tag="bo-preferences-form" />,
};
export const BoCustomersList: Story = {
  name: '<bo-customers-list>',
  render: () => <ElementDoc tag="bo-customers-list" />,
};
export const BoInvoicesList: Story = {
  name: '<bo-invoices-list>',
  render: () => <ElementDoc tag="bo-invoices-list" />,
};
export const BoJobsList: Story = { name: '<bo-jobs-list>', render: () => <ElementDoc tag="bo-jobs-list" /> };
export const BoJobSheet: Story = { name: '<bo-job-sheet>', render: () => <ElementDoc tag="bo-job-sheet" /> };
export const BoExports: Story = { name: '<bo-exports>', render: () => <ElementDoc tag="bo-exports" /> };
export const BoSiteManagement: Story = {
  name: '<bo-site-management>',
  render: () => <ElementDoc tag="bo-site-management" />,
};
export const BoReporting: Story = { name: '<bo-reporting>', render: () => <ElementDoc tag="bo-reporting" /> };
export const BoActivityLog: Story = {
  name: '<bo-activity-log>',
  render: () => <ElementDoc tag="bo-activity-log" />,
};
