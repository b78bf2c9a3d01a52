import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/errors';
import { type CompanySettings, fetchLogo, uploadLogo } from '../../../api/preferences';
import { logoRules } from '../../../contract/preferences';
import { serverErrorMessage } from '../../../i18n/serverErrors';
import { shellMessages } from '../../../i18n/shellMessages';
import { validationMessages } from '../../../i18n/validationMessages';
import { addToast } from '../../../ui/toasts/toastStore';
import * as formStyles from '../../customers/form/form.css';
import * as styles from '../preferences.css';

/** What the browser's file says before any upload (the server checks the bytes again). */
export function logoProblem(file: { size: number; type: string }): string | null {
  if (!(logoRules.contentTypes as readonly string[]).includes(file.type))
    return validationMessages.unsupportedFileFormat;
  if (file.size > logoRules.maxBytes) return validationMessages.fileTooLarge;
  return null;
}

export interface LogoFieldProps {
  /** The stored logo's address, null without one. */
  logo: string | null;
  upload: (file: File) => Promise<CompanySettings>;
  onUploaded: (company: CompanySettings) => void;
  /** Reads the logo's bytes (the API wants the token). */
  load?: (path: string) => Promise<Blob>;
}

/** The logo: a preview of the stored one, a file chooser, the spec's messages for a refused file. */
export function LogoField({ logo, upload, onUploaded, load = fetchLogo }: LogoFieldProps) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!logo) return setPreview(null);
    let url: string | null = null;
    let current = true;
    load(logo).then(
      (blob) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setPreview(url);
      },
      () => current && setMessage(validationMessages.imageLoadError),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [logo, load]);

  async function choose(file: File | undefined) {
    if (!file) return;
    const problem = logoProblem(file);
    setMessage(problem);
    if (problem) return;
    setBusy(true);
    try {
      onUploaded(await upload(file));
      addToast(shellMessages.updateSuccess, { type: 'success' });
    } catch (error) {
      addToast(shellMessages.updateError, { type: 'error' });
      setMessage(error instanceof ApiError ? serverErrorMessage(error.key) : shellMessages.updateError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className={formStyles.section} aria-busy={busy}>
      <legend className={formStyles.legend}>Logo</legend>
      <div className={styles.row}>
        {preview ? (
          <img
            className={styles.logoPreview}
            src={preview}
            alt="Logo de l'entreprise"
            onError={() => setMessage(validationMessages.imageLoadError)}
          />
        ) : (
          <p className={formStyles.hint}>Aucun logo pour le moment.</p>
        )}
      </div>
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={id}>
          Choisir un logo
        </label>
        <input
          id={id}
          type="file"
          accept={logoRules.contentTypes.join(',')}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
          aria-invalid={message ? true : undefined}
          disabled={busy}
          onChange={(event) => void choose(event.currentTarget.files?.[0])}
        />
        <p id={`${id}-hint`} className={formStyles.hint}>
          PNG, JPEG, GIF, WebP ou SVG, {logoRules.maxBytes / 1024} Ko au plus.
        </p>
        {message ? (
          <p id={`${id}-error`} className={formStyles.error} role="alert">
            {message}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

export { uploadLogo };
