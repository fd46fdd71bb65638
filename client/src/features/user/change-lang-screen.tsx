import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { PageHeader } from "../../app/page-header.tsx";
import { activateLocale } from "../../i18n/i18n.ts";
import { type AppLocale, appLocales, localeEndonyms } from "../../i18n/locale.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import "./user.css";

/** Language choice (spec: /user/changeLang): applied at once and remembered. */
export function ChangeLangScreen() {
  const locale = useLocale();
  // The choice shows at once; the language follows when its catalog has loaded.
  const [chosen, setChosen] = useState<AppLocale>();

  function choose(option: AppLocale) {
    setChosen(option);
    activateLocale(option).finally(() => setChosen(undefined));
  }

  return (
    <>
      <PageHeader back="/user/usercenter" title={<Trans>Language</Trans>} />
      <main className="mine">
        <fieldset className="choice-list">
          <legend className="visually-hidden">
            <Trans>Language</Trans>
          </legend>
          {appLocales.map((option) => (
            <label key={option} className="choice" lang={option}>
              <span>{localeEndonyms[option]}</span>
              <input
                type="radio"
                name="language"
                value={option}
                checked={option === (chosen ?? locale)}
                onChange={() => choose(option)}
              />
            </label>
          ))}
        </fieldset>
      </main>
    </>
  );
}
