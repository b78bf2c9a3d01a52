import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/errors';
import { fetchLogo, uploadLogo } from '../../../api/preferences';
import { formatCount, formatDecimal } from '../../../contract/format';
import { logoRules } from '../../../contract/preferences';
import { serverErrorMessage } from '../../../i18n/serverErrors';
import { shellMessages } from '../../../i18n/shellMessages';
import { validationMessages } from '../../../i18n/validationMessages';
import { button } from '../../../ui/button.css';
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

export interface LogoFieldProps<Saved> {
  /** The stored logo's address, null without one. */
  logo: string | null;
  upload: (file: File) => Promise<Saved>;
  /** What the upload (or the removal) answered: the owner of the logo, with its new address. */
  onUploaded: (saved: Saved) => void;
  /** Reads the logo's bytes (the API wants the token). */
  load?: (path: string) => Promise<Blob>;
  /** Removes the stored logo; without it, no removal is offered. */
  remove?: () => Promise<Saved>;
  /** The field's words, when it is not the company logo (the documents' footer logo). */
  texts?: { legend: string; choose: string; alt: string; remove?: string };
  /** For a member who may see the logo but not change it: the preview only, no chooser nor removal. */
  readOnly?: boolean;
}

const companyLogoTexts = { legend: 'Logo', choose: 'Choisir un logo', alt: "Logo de l'entreprise" };

/** The logo: a preview of the stored one, a file chooser, the spec's messages for a refused file. */
export function LogoField<Saved>({
  logo,
  upload,
  onUploaded,
  load = fetchLogo,
  remove,
  texts = companyLogoTexts,
  readOnly = false,
}: LogoFieldProps<Saved>) {
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
    await change(() => upload(file));
  }

  async function change(call: () => Promise<Saved>) {
    setMessage(null);
    setBusy(true);
    try {
      onUploaded(await call());
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
      <legend className={formStyles.legend}>{texts.legend}</legend>
      <div className={styles.row}>
        {preview ? (
          <img
            className={styles.logoPreview}
            src={preview}
            alt={texts.alt}
            onError={() => setMessage(validationMessages.imageLoadError)}
          />
        ) : (
          <p className={formStyles.hint}>Aucun logo pour le moment.</p>
        )}
        {remove && logo && !readOnly ? (
          <button
            type="button"
            className={button.secondary}
            disabled={busy}
            onClick={() => void change(remove)}
          >
            {texts.remove ?? 'Retirer le logo'}
          </button>
        ) : null}
      </div>
      {readOnly ? (
        message ? (
          <p className={formStyles.error} role="alert">
            {message}
          </p>
        ) : null
      ) : (
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={id}>
            {texts.choose}
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
            PNG, JPEG, GIF, WebP ou SVG, {logoRules.maxBytes / 1024} Ko au plus ; une image de{' '}
            {formatCount(logoRules.maxSide)} pixels de côté au plus, et de{' '}
            {formatDecimal(Math.round(logoRules.maxPixels / 1e5), 1)} millions de pixels en tout.
          </p>
          {message ? (
            <p id={`${id}-error`} className={formStyles.error} role="alert">
              {message}
            </p>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}

export { uploadLogo };
