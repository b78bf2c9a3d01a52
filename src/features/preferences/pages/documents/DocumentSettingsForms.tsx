import { useStore } from '@nanostores/react';
import { type ReactNode, useRef } from 'react';
import {
  type DocumentSettings,
  type DocumentSettingsEdit,
  editDocumentSettings,
} from '../../../../api/documentSettings';
import { ApiError } from '../../../../api/errors';
import { documentSettingsInputSchema } from '../../../../contract/documentSettings';
import type { PreferencesPage } from '../../../../routes/paths';
import { $session } from '../../../../session/session';
import { useEnterpriseId } from '../../../customers/sheet/useEnterpriseId';
import { setDocumentsPerPage } from '../../documentsPerPage';
import { type SectionSpec, SettingsForm } from '../../form/SettingsForm';
import { preferencesEntry } from '../../preferencesMenu';
import { SettingsPage } from '../../SettingsPage';
import { $documentSettings, settingsSaved, useSettings } from '../../settingsStores';

/** One form of a document settings page: its fields, saved together. */
export interface DocumentFormSpec {
  label: string;
  sections: SectionSpec[];
  /** Numbering: read-only for non-admins (the page says so at its top); the server refuses them too. */
  adminOnly?: boolean;
  submitLabel?: string;
  live?: (read: (name: string) => unknown) => ReactNode;
  /**
   * For fields the API holds in another shape (a deadline's rule and value, one box per payment
   * mode, a bank id as the select's text): the stored settings as the form's fields, the fields'
   * values as the edit, and the form's own rules (field → French message).
   */
  adapt?: {
    toForm: (settings: DocumentSettings) => Record<string, unknown>;
    toEdit: (values: Record<string, unknown>) => Record<string, unknown>;
    check?: (values: Record<string, unknown>) => Record<string, string>;
  };
  /** API field (as a 422 names it) → the form's field that shows its message. */
  fieldOf?: (apiField: string) => string;
}

export interface DocumentSettingsFormsProps {
  settings: DocumentSettings;
  forms: DocumentFormSpec[];
  save: (edit: DocumentSettingsEdit) => Promise<DocumentSettings>;
  onReload?: () => void;
}

/**
 * The forms of one document settings page. Each sends only its own fields, with the latest
 * version this page saved or read: two forms of a page (precisions, numbering) save one after the
 * other without a false stale_version, and a save never carries another form's fields (a
 * non-admin's precisions are not refused for the numbering they did not touch).
 */
export function DocumentSettingsForms({ settings, forms, save, onReload }: DocumentSettingsFormsProps) {
  const version = useRef(settings.version);
  const { isAdmin } = useStore($session);
  return (
    <>
      {forms.map((form) => {
        const names = form.sections.flatMap((section) => section.fields.map((field) => field.name));
        return (
          <SettingsForm
            key={form.label}
            label={form.label}
            sections={form.sections}
            initial={form.adapt ? { ...settings, ...form.adapt.toForm(settings) } : settings}
            schema={documentSettingsInputSchema}
            check={form.adapt?.check}
            submitLabel={form.submitLabel}
            live={form.live}
            errorFields={{ invalid_number_pattern: 'invoiceNumberFormat' }}
            onReload={onReload}
            save={async (input) => {
              const typed = Object.fromEntries(names.map((name) => [name, input[name]]));
              const own = form.adapt ? form.adapt.toEdit(typed) : typed;
              try {
                const saved = await save({ ...own, version: version.current } as DocumentSettingsEdit);
                version.current = saved.version;
                return saved;
              } catch (error) {
                // A refusal named by the API's field goes under the form's field that typed it.
                if (error instanceof ApiError && form.fieldOf) {
                  const fields = Object.fromEntries(
                    Object.entries(error.fields).map(([name, code]) => [form.fieldOf!(name), code]),
                  );
                  throw new ApiError(error.status, error.key, fields);
                }
                throw error;
              }
            }}
            readOnly={Boolean(form.adminOnly) && !isAdmin}
          />
        );
      })}
    </>
  );
}

/** A preferences page over the document settings: its menu label as title, then its forms. */
export function DocumentSettingsPage({
  page,
  intro,
  restricted,
  forms,
  children,
}: {
  page: PreferencesPage;
  intro?: string;
  /** What a member who is not an administrator may not change on this page, said at its top. */
  restricted?: string;
  forms: DocumentFormSpec[];
  /** What the page shows after the forms (the Formats page's logos). */
  children?: ReactNode;
}) {
  const enterpriseId = useEnterpriseId();
  const state = useSettings($documentSettings);
  /** The version the last save of this page answered, and the version the forms started from. */
  const savedHere = useRef<number | null>(null);
  const started = useRef<number | null>(null);
  return (
    <SettingsPage title={preferencesEntry(page).label} intro={intro} restricted={restricted} state={state}>
      {(settings) => {
        // A version from elsewhere (a reload after a stale save) starts the forms again from it; the
        // one this page's own save answered does not (the other forms keep what is typed in them).
        if (settings.version !== savedHere.current) started.current = settings.version;
        return (
          <>
            <DocumentSettingsForms
              key={started.current}
              settings={settings}
              forms={forms}
              save={async (edit) => {
                const saved = await editDocumentSettings(enterpriseId!, edit);
                savedHere.current = saved.version;
                settingsSaved($documentSettings, saved);
                // The document lists opened next page by the new « Documents par page ».
                setDocumentsPerPage(enterpriseId!, saved.documentsPerPage);
                return saved;
              }}
              onReload={state.reload}
            />
            {children}
          </>
        );
      }}
    </SettingsPage>
  );
}
