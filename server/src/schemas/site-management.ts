/**
 * « Gestion chantier » answers (issue 24). The schemas are the shared contract's
 * (src/contract/siteManagement.ts): the client parses with the same ones. Here they get their
 * OpenAPI names.
 */
import {
  budgetSchema,
  hourlyCostSchema,
  hourlyCostsSchema,
  planningSchema,
  progressSchema,
  purchaseImportSchema,
  purchaseReadSchema,
  purchaseSchema,
  timeEntrySchema,
} from '../../../src/contract/siteManagement.js';
import { named } from './fields.js';

export const PlanningSchema = named(planningSchema, 'JobPlanning');
export const TimeEntrySchema = named(timeEntrySchema, 'TimeEntry');
export const PurchaseSchema = named(purchaseSchema, 'Purchase');
export const PurchaseReadSchema = named(purchaseReadSchema, 'PurchaseRead');
/** Its parts under their own names in the OpenAPI document (the same schemas). */
export const PurchaseImportSchema = purchaseImportSchema.extend({
  read: PurchaseReadSchema,
  purchase: PurchaseSchema.nullable(),
});
export const BudgetSchema = named(budgetSchema, 'JobBudget');
export const ProgressSchema = named(progressSchema, 'JobProgress');
export const HourlyCostsSchema = named(hourlyCostsSchema, 'HourlyCosts');
export const HourlyCostSchema = hourlyCostSchema;
