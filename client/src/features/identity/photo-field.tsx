import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useState } from "react";
import { IconPlus } from "../../app/icons.tsx";
import type { FieldError } from "../../lib/api-error.ts";
import { errorMessage } from "../../lib/error-messages.ts";
import { photoProblem } from "./photo.ts";

interface PhotoFieldProps {
  id: string;
  label: ReactNode;
  /** What to photograph, under the box until a photo is chosen. */
  hint?: ReactNode;
  file: File | undefined;
  onChange: (file: File | undefined) => void;
  /** An error code, shown translated under the box. */
  error?: FieldError | undefined;
  /**
   * Opens the camera at once on phones (identity documents). Left off where the picture is
   * usually a screenshot already on the phone, such as an online-banking transfer receipt.
   */
  camera?: boolean;
}

/**
 * An image chosen or taken on the phone, previewed in place; tapping the preview chooses again.
 * A file that cannot be sent (not an image, too large) or that the browser cannot show says why
 * at once, rather than at submit or as a broken preview.
 */
export function PhotoField({ id, label, hint, file, onChange, error: given, camera }: PhotoFieldProps) {
  const { i18n, t } = useLingui();
  const url = usePreviewUrl(file);
  // The preview whose image failed to decode: a file with no type, or a type this browser cannot draw.
  const [brokenUrl, setBrokenUrl] = useState<string>();
  const unreadable = url !== undefined && url === brokenUrl;
  const preview = unreadable ? undefined : url;
  const error =
    given ?? (file ? photoProblem(file) : undefined) ?? (unreadable ? "UPLOAD_TYPE_INVALID" : undefined);
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <label
        className="photo-field"
        htmlFor={id}
        data-invalid={error ? true : undefined}
        data-filled={preview ? true : undefined}
      >
        <input
          id={id}
          className="visually-hidden"
          type="file"
          accept="image/*"
          capture={camera ? "environment" : undefined}
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // The same file may be chosen again after a refusal: clear the input's own memory.
            event.target.value = "";
            if (chosen) onChange(chosen);
          }}
        />
        {preview ? (
          <img
            className="photo-field__preview"
            src={preview}
            alt={t`Preview`}
            onError={() => setBrokenUrl(preview)}
          />
        ) : (
          <span className="photo-field__empty">
            <IconPlus className="photo-field__icon" />
            {hint}
          </span>
        )}
      </label>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {errorMessage(i18n, error)}
        </p>
      )}
    </div>
  );
}

/** An object URL for the chosen file's preview, revoked when the file changes or the field goes. */
function usePreviewUrl(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file || photoProblem(file) !== undefined) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
