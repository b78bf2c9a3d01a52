import { type CostSettings, editCostSettings } from '../../../api/preferences';
import { type CostFigures, computeCosts } from '../../../contract/costs';
import { formatCents } from '../../../contract/format';
import { costsInputSchema } from '../../../contract/preferences';
import { useEnterpriseId } from '../../customers/sheet/useEnterpriseId';
import { LibraryPricePreview } from '../../library/costs/LibraryPricePreview';
import { costsSaved } from '../../library/costs/pricePreviewStore';
import { type SectionSpec, SettingsForm } from '../form/SettingsForm';
import * as styles from '../preferences.css';
import { SettingsPage } from '../SettingsPage';
import { $costSettings, settingsSaved, useSettings } from '../settingsStores';

const sections: SectionSpec[] = [
  {
    legend: "Main-d'œuvre",
    fields: [
      { name: 'directLabourCostCents', label: "Coût de la main-d'œuvre directe (€/h)", kind: 'money' },
      { name: 'employerChargesBasisPoints', label: 'Charges patronales (%)', kind: 'percent' },
      { name: 'yearlySiteHours', label: 'Heures de chantier par an', kind: 'integer' },
    ],
  },
  {
    legend: 'Charges annuelles',
    fields: [
      { name: 'materialPurchaseCostCents', label: "Coût d'achat des matériaux (€)", kind: 'money' },
      { name: 'siteCostCents', label: 'Frais de chantier (€)', kind: 'money' },
      { name: 'indirectChargesCents', label: 'Charges indirectes (€)', kind: 'money' },
      { name: 'overheadExpensesCents', label: 'Frais généraux (€)', kind: 'money' },
    ],
  },
  {
    legend: 'Marges et coefficients',
    fields: [
      { name: 'contingencyBasisPoints', label: 'Aléas (%)', kind: 'percent' },
      { name: 'benefitBasisPoints', label: 'Bénéfice (%)', kind: 'percent' },
      { name: 'labourCoefficientMilli', label: "Coefficient de vente main-d'œuvre", kind: 'coefficient' },
      { name: 'materialsCoefficientMilli', label: 'Coefficient de vente matériaux', kind: 'coefficient' },
    ],
  },
];

const figureNames: (keyof CostFigures)[] = [
  'directLabourCostCents',
  'employerChargesBasisPoints',
  'siteCostCents',
  'indirectChargesCents',
  'overheadExpensesCents',
  'yearlySiteHours',
  'contingencyBasisPoints',
  'benefitBasisPoints',
];

/** The computed figures, from what is typed (a figure not readable yet counts as 0). */
export function LiveCosts({ read }: { read: (name: string) => unknown }) {
  const figures = Object.fromEntries(
    figureNames.map((name) => {
      const value = read(name);
      return [name, typeof value === 'number' ? value : 0];
    }),
  ) as unknown as CostFigures;
  const computed = computeCosts(figures);
  const rows: [string, number][] = [
    ['Charges patronales (€/h)', computed.employerChargesCents],
    ["Coût MOC, main-d'œuvre chargée (€/h)", computed.mocCostCents],
    ['Frais de structure (€/h)', computed.structureHourlyCents],
    ['Coût horaire', computed.hourlyCostCents],
    ['Prix de vente horaire', computed.hourlySalePriceCents],
  ];
  return (
    <section className={styles.panel} aria-label="Calculs">
      <dl className={styles.figures}>
        {rows.map(([label, cents]) => (
          <div key={label} className={styles.figure}>
            <dt>{label}</dt>
            <dd className={styles.figureValue} aria-live="polite">
              {formatCents(cents)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export interface CostsPanelProps {
  costs: CostSettings;
  save: (input: Record<string, unknown>) => Promise<CostSettings>;
  onSaved: (costs: CostSettings) => void;
  onReload?: () => void;
}

/** Costs and sale prices (spec section 3, Costs): open to every user. */
export function CostsPanel({ costs, save, onSaved, onReload }: CostsPanelProps) {
  return (
    <SettingsForm
      label="Coûts et prix de vente"
      sections={sections}
      initial={costs}
      schema={costsInputSchema}
      save={(input) => save({ ...input, version: costs.version })}
      onSaved={(saved) => onSaved(saved as CostSettings)}
      onReload={onReload}
      live={(read) => (
        <>
          <LiveCosts read={read} />
          <LibraryPricePreview read={read} stored={costs} />
        </>
      )}
    />
  );
}

export function CostsPage() {
  const enterpriseId = useEnterpriseId();
  const state = useSettings($costSettings);
  return (
    <SettingsPage title="Coûts et prix de vente" state={state}>
      {(costs) => (
        <CostsPanel
          key={costs.version}
          costs={costs}
          save={(input) => editCostSettings(enterpriseId!, input as Parameters<typeof editCostSettings>[1])}
          onSaved={(saved) => {
            settingsSaved($costSettings, saved);
            // The price library's prices follow the costs (issue 22).
            costsSaved();
          }}
          onReload={state.reload}
        />
      )}
    </SettingsPage>
  );
}
