import { useLingui } from "@lingui/react/macro";
import { activateLocale } from "./i18n.ts";
import { appLocales, localeEndonyms } from "./locale.ts";
import { useLocale } from "./use-locale.ts";

/** Three buttons, each language named in itself; the current one is pressed. */
export function LanguageSwitch() {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{t`Language`}</legend>
      {appLocales.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className="language-switch__option"
          aria-pressed={option === locale}
          onClick={() => void activateLocale(option)}
        >
          {localeEndonyms[option]}
        </button>
      ))}
    </fieldset>
  );
}
