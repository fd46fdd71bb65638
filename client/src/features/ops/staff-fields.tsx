import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ComponentProps } from "react";
import { TextField } from "../../app/text-field.tsx";
import { type FieldError, fieldErrorCode } from "../../lib/api-error.ts";
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
export function staffFieldError(
  i18n: I18n,
  field: string,
  error: FieldError | undefined,
): string | undefined {
  if (error === undefined) return undefined;
  const message = staffFieldMessages[field]?.[fieldErrorCode(error)];
  return message ? i18n._(message) : errorMessage(i18n, error);
}

interface StaffFieldProps extends ComponentProps<typeof TextField> {
  /** The form field's name, which picks the staff wording of its error. */
  field: string;
}

/** The app's TextField, with the staff wording of its errors. */
export function StaffField({ field, error, ...props }: StaffFieldProps) {
  const { i18n } = useLingui();
  // TextField shows a code it has no message for as it is, so a message already in words passes through.
  return <TextField {...props} error={staffFieldError(i18n, field, error)} />;
}
