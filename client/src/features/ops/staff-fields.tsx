import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { InputHTMLAttributes, ReactNode } from "react";
import { errorMessage } from "../../lib/error-messages.ts";

/**
 * Staff logins and passwords follow other rules than members' mobile numbers and passwords,
 * while the server reports them with the same codes: these say what the staff rules are.
 */
const staffFieldMessages: Record<string, Partial<Record<string, MessageDescriptor>>> = {
  login: {
    ACCOUNT_REQUIRED: msg`Enter your staff login.`,
    ACCOUNT_INVALID: msg`Use 3 to 32 lowercase letters, digits, dots, dashes or underscores.`,
    STAFF_EXISTS: msg`This login is taken.`,
  },
  password: {
    PASSWORD_INVALID: msg`Use 10 to 128 characters.`,
  },
  name: {
    NAME_REQUIRED: msg`Enter a name.`,
  },
};

/** The message of a staff form field's error code. */
export function staffFieldError(i18n: I18n, field: string, code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  const message = staffFieldMessages[field]?.[code];
  return message ? i18n._(message) : errorMessage(i18n, code);
}

interface StaffFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  id: string;
  label: ReactNode;
  /** The form field's name, which picks the staff wording of its error. */
  field: string;
  /** An error code. */
  error?: string | undefined;
}

/** A labelled input like the app's TextField, with the staff wording of its errors. */
export function StaffField({ id, label, field, error, ...input }: StaffFieldProps) {
  const { i18n } = useLingui();
  const errorId = `${id}-error`;
  const message = staffFieldError(i18n, field, error);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        {...input}
      />
      {message && (
        <p id={errorId} className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
