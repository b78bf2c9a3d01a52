import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { DateField } from '../../src/ui/DateField';

interface StoryProps {
  /** The day the field starts with, yyyy-MM-dd or ''. */
  initial: string;
  label: string;
  required: boolean;
  error?: string;
  hint?: string;
  readOnly?: boolean;
}

/** The field holds its day here as a caller would (yyyy-MM-dd, shown below it). */
function Harness({ initial, label, required, error, hint, readOnly }: StoryProps) {
  const [value, setValue] = useState(initial);
  return (
    <div style={{ maxWidth: 320, minHeight: 420 }}>
      <DateField
        label={label}
        value={value}
        onChange={setValue}
        required={required}
        error={error}
        hint={hint}
        readOnly={readOnly}
      />
      <p>
        Valeur transmise : <output>{value || '(aucune)'}</output>
      </p>
    </div>
  );
}

const meta = {
  title: 'UI/DateField',
  component: Harness,
  args: { initial: '2026-03-12', label: 'Date de règlement', required: false },
} satisfies Meta<typeof Harness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithADay: Story = {};

export const Empty: Story = { args: { initial: '', label: 'Du', hint: 'JJ/MM/AAAA' } };

/** A caller's message under the field (here the « required » of an export period). */
export const Refused: Story = {
  args: { initial: '', label: 'Au', required: true, error: 'Ce champ est obligatoire.' },
};

/** Read-only (a quote locked in another tab): the day shows, no calendar to change it. */
export const ReadOnly: Story = { args: { label: "Valable jusqu'au", readOnly: true } };

/** The calendar open on the chosen day (the accessibility scan runs on the dialog too). */
export const CalendarOpen: Story = {
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]')?.click();
  },
};
