import type { Meta, StoryObj } from '@storybook/react-vite';
import { HourlyCostsForm } from '../../src/features/site-management/HourlyCostsPanel';
import { ProgressForm } from '../../src/features/site-management/ProgressPanel';
import { BudgetFigures, WeekForm } from '../../src/features/site-management/SiteManagement';
import {
  budgetFixture,
  hourlyCostsFixture,
  overBudgetFixture,
  planningFixture,
  progressFixture,
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

/** The budget and margin at 800 px. */
export const WithinBudgetAt800: Story = {
  ...WithinBudget,
  globals: { viewport: { value: 'narrow800', isRotated: false } },
};

/** Progress per chapter of the accepted quote, as on a phone: each field starts at the last progress entered. */
export const ChapterProgress: StoryObj<typeof ProgressForm> = {
  render: () => (
    <div style={{ maxWidth: 390 }}>
      <ProgressForm jobId={3} progress={progressFixture} onStale={() => {}} />
    </div>
  ),
};

/** An admin's screen of each person's hourly cost: empty is the company's « main-d'œuvre chargée ». */
export const HourlyCosts: StoryObj<typeof HourlyCostsForm> = {
  render: () => <HourlyCostsForm costs={hourlyCostsFixture} />,
};
