import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { FieldError } from "../lib/api-error.ts";
import { errorMessage } from "../lib/error-messages.ts";

export interface Choice<T extends string | number> {
  value: T;
  label: ReactNode;
  disabled?: boolean;
}

interface ChoiceChipsProps<T extends string | number> {
  /** The radio group's name, unique on the page; also the prefix of its ids. */
  name: string;
  legend: ReactNode;
  /** Hides the legend (still read by screen readers) where the choices speak for themselves. */
  legendHidden?: boolean;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  /** `segments`: equal parts of one bar; `chips`: separate pills; `tabs`: a row of plain tabs, the chosen one tinted. */
  look?: "segments" | "chips" | "tabs";
  /** An error code, shown translated under the choices. */
  error?: FieldError | undefined;
}

/** One choice out of a few, as native radio buttons drawn as a segmented bar or as chips. */
export function ChoiceChips<T extends string | number>({
  name,
  legend,
  legendHidden,
  value,
  choices,
  onChange,
  look = "segments",
  error,
}: ChoiceChipsProps<T>) {
  const { i18n } = useLingui();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className={`choices choices--${look}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={legendHidden ? "visually-hidden" : "field__label"}>{legend}</legend>
      <div className="choices__options">
        {choices.map((choice) => (
          <label
            key={String(choice.value)}
            className="choices__option"
            data-disabled={choice.disabled || undefined}
          >
            <input
              type="radio"
              name={name}
              value={String(choice.value)}
              checked={choice.value === value}
              disabled={choice.disabled}
              onChange={() => onChange(choice.value)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {errorMessage(i18n, error)}
        </p>
      )}
    </fieldset>
  );
}
