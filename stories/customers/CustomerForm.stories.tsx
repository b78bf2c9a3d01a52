import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useEffect, useRef } from 'react';
import type { CustomerInput } from '../../src/api/customers';
import { ApiError } from '../../src/api/errors';
import { CustomerForm } from '../../src/features/customers/form/CustomerForm';
import {
  type CustomerFormValues,
  customerToForm,
  emptyCustomerForm,
} from '../../src/features/customers/form/customerFormSchema';
import {
  customerSettings,
  professionalCustomer,
} from '../../src/features/customers/testing/customerFixtures';

/** Submits the form once shown, so a story can show what a failed save looks like. */
function SubmittedOnce({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('form')?.requestSubmit();
  }, []);
  return <div ref={box}>{children}</div>;
}

interface FormStoryProps {
  initialValues: CustomerFormValues;
  /** What the stand-in server answers. */
  answer: 'saved' | 'codeExists' | 'stale';
  submitted?: boolean;
  /** A stored customer: every field checked as the form opens. */
  validateOnOpen?: boolean;
  /** The stand-in server knows another customer with the typed email and SIRET. */
  duplicates?: boolean;
}

const otherCustomer = {
  id: 7,
  type: 'private' as const,
  companyName: '',
  civility: 'M.',
  firstName: 'Julien',
  lastName: 'Moreau',
};

function FormStory({
  initialValues,
  answer,
  submitted = false,
  validateOnOpen = false,
  duplicates = false,
}: FormStoryProps) {
  const save = async (input: CustomerInput) => {
    if (answer === 'codeExists' && !input.keepDuplicateCode) throw new ApiError(409, 'customer_code_exists');
    if (answer === 'stale') throw new ApiError(409, 'stale_version');
    return {
      ...professionalCustomer,
      ...input,
      customerCode: input.customerCode ?? '00012',
      customerCodeAuto: !input.customerCode,
    };
  };
  const form = (
    <CustomerForm
      initialValues={initialValues}
      settings={customerSettings}
      save={save}
      validateOnOpen={validateOnOpen}
      onReload={() => {}}
      findDuplicates={duplicates ? async () => ({ email: otherCustomer, siret: otherCustomer }) : undefined}
    />
  );
  return submitted ? <SubmittedOnce>{form}</SubmittedOnce> : form;
}

const meta: Meta<typeof FormStory> = { title: 'Customers/Form', component: FormStory };
export default meta;
type Story = StoryObj<typeof FormStory>;

export const EmptyProfessional: Story = {
  args: { initialValues: emptyCustomerForm('professional'), answer: 'saved' },
};
export const EmptyPrivate: Story = { args: { initialValues: emptyCustomerForm('private'), answer: 'saved' } };
/** A professional with its own payment deadline (45 days end of month) and modes. */
export const Filled: Story = {
  args: { initialValues: customerToForm(professionalCustomer), answer: 'saved' },
};
/** Submitted with a bad email, SIRET and VAT key, and no company name: the messages under the fields. */
export const WithErrors: Story = {
  args: {
    initialValues: {
      ...emptyCustomerForm('professional'),
      email: 'claire.fontaine@',
      siret: '52198765400013',
      vatNumber: 'FR12521987654',
      deadlineMode: 'specific',
      deadlineRule: 'date',
      deadlineValue: '2027-01-31',
    },
    answer: 'saved',
    submitted: true,
  },
};
/** « Payé à une date précise »: the date typed in the French date field (dd/MM/yyyy, its calendar beside). */
export const DeadlineOnADate: Story = {
  args: {
    initialValues: {
      ...customerToForm(professionalCustomer),
      deadlineMode: 'specific',
      deadlineRule: 'date',
      deadlineValue: '31/01/2027',
    },
    answer: 'saved',
  },
};
/** A typed code another customer has: flagged, with the choice to edit or keep it. */
export const ExistingCodeFlagged: Story = {
  args: {
    initialValues: { ...customerToForm(professionalCustomer), codeMode: 'manual', customerCode: '00001' },
    answer: 'codeExists',
    submitted: true,
  },
};
/** Someone else saved this customer first: the typing stays, the French message says so. */
export const StaleSave: Story = {
  args: { initialValues: customerToForm(professionalCustomer), answer: 'stale', submitted: true },
};
/** A row stored before the contract (a date rule holding a number): opens, shows the field's message. */
export const BadStoredDeadline: Story = {
  args: {
    initialValues: customerToForm({ ...professionalCustomer, paymentDeadline: { rule: 'date', value: 5 } }),
    answer: 'saved',
    validateOnOpen: true,
  },
};
/** The email and SIRET of another customer: a warning under each, the save still allowed. */
export const DuplicateWarning: Story = {
  args: { initialValues: customerToForm(professionalCustomer), answer: 'saved', duplicates: true },
};
