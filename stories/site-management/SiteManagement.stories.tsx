import type { Meta, StoryObj } from '@storybook/react-vite';
import { BudgetFigures, WeekForm } from '../../src/features/site-management/SiteManagement';
import {
  budgetFixture,
  overBudgetFixture,
  planningFixture,
  weekFixture,
} from '../../src/features/site-management/testing/siteFixtures';

const meta: Meta<typeof BudgetFigures> = {
  title: 'Gestion chantier/Budget et marge',
  component: BudgetFigures,
};
export default meta;
type Story = StoryObj<typeof BudgetFigures>;

/** The accepted quote's sale and déboursé sec against the hours and purchases entered: the margin as it stands. */
export const WithinBudget: Story = { args: { budget: budgetFixture } };

/** Purchases over the budget: what is left of it and the margin in red. */
export const OverBudget: Story = { args: { budget: overBudgetFixture } };

/** The week's timesheet of a team of two, as on a phone (390 px): one box per day, hours as typed. */
export const WeeklyTimesheet: StoryObj<typeof WeekForm> = {
  render: () => (
    <div style={{ maxWidth: 390 }}>
      <WeekForm jobId={3} week="2026-11-16" team={planningFixture.team} entries={weekFixture} />
    </div>
  ),
};
