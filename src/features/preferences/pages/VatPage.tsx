import { useStore } from '@nanostores/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import {
  createVatRate,
  deleteVatRate,
  editVatRate,
  getVatRate,
  type VatRate,
  type VatRateDetail,
} from '../../../api/preferences';
import { formatPercent } from '../../../contract/format';
import { type VatRateInput, vatRateInputSchema } from '../../../contract/preferences';
import { errorMessageFor } from '../../../i18n/serverErrors';
import { validationMessages } from '../../../i18n/validationMessages';
import { $session } from '../../../session/session';
import { button } from '../../../ui/button.css';
import { ConfirmDeleteButton } from '../../../ui/ConfirmDeleteButton';
import { DataTable } from '../../../ui/DataTable';
import * as fieldStyles from '../../../ui/textField.css';
import { addToast } from '../../../ui/toasts/toastStore';
import { useEnterpriseId } from '../../customers/sheet/useEnterpriseId';
import { preferencesMessages } from '../form/messages';
import { type SectionSpec, SettingsForm } from '../form/SettingsForm';
import * as styles from '../preferences.css';
import { SettingsPage } from '../SettingsPage';
import { $vatRates, settingsChanged, useSettings } from '../settingsStores';

const column = createColumnHelper<VatRate>();

/** The rate sheet's delete, as the banks' (features/banks/messages.ts). */
export const vatMessages = {
  delete: 'Supprimer le taux',
  confirmDelete: 'Confirmer la suppression',
  deleted: 'Le taux de TVA est supprimé.',
} as const;

/** The rates' columns: the name opens the rate's sheet; at 800 px the PDF name gives way. */
const vatColumns = (onOpen: (id: number) => void) => [
  column.accessor('internalName', {
    header: 'Nom interne',
    cell: ({ row, getValue }) => (
      <button type="button" className={button.ghost} onClick={() => onOpen(row.original.id)}>
        {getValue()}
      </button>
    ),
    meta: { rowHeader: true },
  }),
  column.accessor('pdfName', { header: 'Nom sur le PDF', meta: { priority: 3 } }),
  column.accessor('basisPoints', {
    header: 'Pourcentage',
    cell: ({ getValue }) => formatPercent(getValue()),
    meta: { numeric: true },
  }),
  column.accessor((rate) => (rate.isDefault ? 'Oui' : 'Non'), {
    id: 'isDefault',
    header: 'Par défaut',
    meta: { priority: 2 },
  }),
  column.accessor('vatAccountCode', { header: 'Compte de TVA', meta: { priority: 2 } }),
];

/** Every VAT field of spec section 3; the percentage is locked once a line uses the rate. */
export function vatSections(used: boolean, isDefault: boolean): SectionSpec[] {
  return [
    {
      legend: 'Taux de TVA',
      fields: [
        { name: 'internalName', label: 'Nom interne', kind: 'text', required: true },
        { name: 'pdfName', label: 'Nom affiché sur le PDF', kind: 'text', required: true },
        {
          name: 'basisPoints',
          label: 'Pourcentage (%)',
          kind: 'percent',
          required: true,
          readOnly: used,
          hint: used ? validationMessages.vatPercentageUsed : 'Par exemple 20 ou 5,5',
        },
        { name: 'vatAccountCode', label: 'Compte de TVA', kind: 'text' },
        { name: 'productAccountCode', label: 'Compte de produit associé', kind: 'text' },
        { name: 'showInSummary', label: 'Afficher dans le récapitulatif de TVA', kind: 'checkbox' },
        {
          name: 'isDefault',
          label: 'Taux par défaut',
          kind: 'checkbox',
          // The default stays until another rate takes the flag (exactly one default).
          readOnly: isDefault,
          hint: isDefault
            ? 'Pour changer de taux par défaut, cochez « Taux par défaut » sur un autre taux.'
            : undefined,
        },
        { name: 'regulatoryText', label: 'Mention réglementaire', kind: 'textarea' },
        { name: 'customerCertificateText', label: 'Texte de l’attestation client', kind: 'textarea' },
      ],
    },
  ];
}

const newRate: VatRateInput = {
  internalName: '',
  pdfName: '',
  regulatoryText: '',
  customerCertificateText: '',
  showInSummary: true,
  basisPoints: 0,
  isDefault: false,
  vatAccountCode: '',
  productAccountCode: '',
};

export interface VatPanelProps {
  rates: VatRate[];
  load: (id: number) => Promise<VatRateDetail>;
  create: (input: VatRateInput) => Promise<VatRateDetail>;
  edit: (id: number, input: VatRateInput & { version: number }) => Promise<VatRateDetail>;
  /** Deletes a rate (refused while something uses it, or for the default); none: no delete offered. */
  remove?: (id: number) => Promise<void>;
  onChanged: () => void;
}

/** VAT list, VAT sheet and « nouveau taux »; admins change them, other members open them read-only. */
export function VatPanel({ rates, load, create, edit, remove, onChanged }: VatPanelProps) {
  const { isAdmin } = useStore($session);
  const [open, setOpen] = useState<'new' | VatRateDetail | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // A refusal of the delete is said in French above the sheet.
  const [failure, setFailure] = useState('');

  async function openRate(id: number) {
    setLoadFailed(false);
    setFailure('');
    try {
      setOpen(await load(id));
    } catch {
      setLoadFailed(true);
    }
  }

  async function confirmDelete(deleteRate: (id: number) => Promise<void>, id: number) {
    setFailure('');
    try {
      await deleteRate(id);
      setOpen(null);
      addToast(vatMessages.deleted, { type: 'success' });
      onChanged();
    } catch (error) {
      setFailure(errorMessageFor(error));
    }
  }

  return (
    <>
      {/* Never a control that would be refused: the page says at its top who changes the rates. */}
      {isAdmin ? (
        <div className={styles.row}>
          <button type="button" className={button.primary} onClick={() => setOpen('new')}>
            Nouveau taux de TVA
          </button>
        </div>
      ) : null}
      {loadFailed ? <p role="alert">Ce taux de TVA n'a pas pu être chargé.</p> : null}
      {open === 'new' ? (
        <div className={styles.panel}>
          <h2>Nouveau taux de TVA</h2>
          <SettingsForm
            label="Nouveau taux de TVA"
            onCancel={() => setOpen(null)}
            sections={vatSections(false, false)}
            initial={newRate}
            schema={vatRateInputSchema}
            submitLabel="Créer le taux"
            resetAfterSave
            save={(input) => create(input as VatRateInput)}
            onSaved={() => {
              setOpen(null);
              onChanged();
            }}
          />
        </div>
      ) : open ? (
        <div className={styles.panel}>
          <h2>Fiche TVA : {open.internalName}</h2>
          {failure ? (
            <p className={fieldStyles.alert} role="alert">
              {failure}
            </p>
          ) : null}
          <SettingsForm
            key={`${open.id}-${open.version}`}
            label={`Fiche TVA ${open.internalName}`}
            onCancel={() => setOpen(null)}
            sections={vatSections(open.used, open.isDefault)}
            initial={open}
            schema={vatRateInputSchema}
            errorFields={{ vat_percentage_used: 'basisPoints', vat_default_required: 'isDefault' }}
            save={(input) => edit(open.id, { ...(input as VatRateInput), version: open.version })}
            onSaved={(saved) => {
              setOpen(saved as VatRateDetail);
              onChanged();
            }}
            onReload={() => void openRate(open.id)}
            actions={
              remove ? (
                <ConfirmDeleteButton
                  key={open.id}
                  label={vatMessages.delete}
                  confirmLabel={vatMessages.confirmDelete}
                  onConfirm={() => confirmDelete(remove, open.id)}
                />
              ) : null
            }
            readOnly={!isAdmin}
          />
        </div>
      ) : null}
      <DataTable
        caption="Taux de TVA"
        captionClassName={styles.menuTitle}
        columns={vatColumns((id) => void openRate(id))}
        rows={rates}
        rowKey={(rate) => String(rate.id)}
      />
    </>
  );
}

export function VatPage() {
  const enterpriseId = useEnterpriseId();
  const state = useSettings($vatRates);
  return (
    <SettingsPage title="Gestion de la TVA" restricted={preferencesMessages.restricted} state={state}>
      {(rates) => (
        <VatPanel
          rates={rates}
          load={(id) => getVatRate(enterpriseId!, id)}
          create={(input) => createVatRate(enterpriseId!, input)}
          edit={(id, input) => editVatRate(enterpriseId!, id, input)}
          remove={(id) => deleteVatRate(enterpriseId!, id)}
          onChanged={() => settingsChanged($vatRates)}
        />
      )}
    </SettingsPage>
  );
}
