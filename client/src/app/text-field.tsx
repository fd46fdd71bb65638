import { useLingui } from "@lingui/react/macro";
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import type { FieldError } from "../lib/api-error.ts";
import { errorMessage } from "../lib/error-messages.ts";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  id: string;
  label: ReactNode;
  /** A line of help under the input, read out with it. */
  hint?: ReactNode;
  /** An error code (with its bound, if it names one), shown translated under the input. */
  error?: FieldError | undefined;
}

/** A labelled input whose hint and error are tied to it, the error announced. */
export function TextField({ id, label, hint, error, ...input }: TextFieldProps) {
  const { i18n } = useLingui();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {errorMessage(i18n, error)}
        </p>
      )}
    </div>
  );
}

interface CheckFieldProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: FieldError | undefined;
}

export function CheckField({ id, checked, onChange, children, error }: CheckFieldProps) {
  const { i18n } = useLingui();
  const errorId = `${id}-error`;
  return (
    <div>
      <label className="check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>{children}</span>
      </label>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {errorMessage(i18n, error)}
        </p>
      )}
    </div>
  );
}

interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "value" | "onChange"> {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** An error code (with its bound, if it names one), shown translated under the box. */
  error?: FieldError | undefined;
}

/** A labelled multi-line box whose error is tied to it and announced; `className` adds to the field's. */
export function TextAreaField({ id, label, value, onChange, error, className, ...area }: TextAreaFieldProps) {
  const { i18n } = useLingui();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={className ? `field__input ${className}` : "field__input"}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...area}
      />
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {errorMessage(i18n, error)}
        </p>
      )}
    </div>
  );
}
