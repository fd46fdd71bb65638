import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { FieldError } from "../lib/api-error.ts";
import { errorMessage } from "../lib/error-messages.ts";
import { IconMinus, IconPlus } from "./icons.tsx";

interface StepperFieldProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Moves the value one step (n = 1 or -1); the buttons are disabled where it cannot move. */
  onStep: (n: 1 | -1) => void;
  canStep: (n: 1 | -1) => boolean;
  inputMode: "numeric" | "decimal";
  /** A line under the input: the unit, the tick, the lot size. */
  hint?: ReactNode;
  /** An error code (with its bound, if it names one), shown translated under the input. */
  error?: FieldError | undefined;
  decreaseLabel: string;
  increaseLabel: string;
}

/** A number typed or stepped with − and + (limit prices by tick, quantities by lot). */
export function StepperField({
  id,
  label,
  value,
  onChange,
  onStep,
  canStep,
  inputMode,
  hint,
  error,
  decreaseLabel,
  increaseLabel,
}: StepperFieldProps) {
  const { i18n } = useLingui();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="stepper" data-invalid={error ? true : undefined}>
        <button
          type="button"
          className="stepper__button"
          aria-label={decreaseLabel}
          aria-controls={id}
          disabled={!canStep(-1)}
          onClick={() => onStep(-1)}
        >
          <IconMinus />
        </button>
        <input
          id={id}
          className="stepper__input num"
          inputMode={inputMode}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <button
          type="button"
          className="stepper__button"
          aria-label={increaseLabel}
          aria-controls={id}
          disabled={!canStep(1)}
          onClick={() => onStep(1)}
        >
          <IconPlus />
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {errorMessage(i18n, error)}
        </p>
      )}
    </div>
  );
}
