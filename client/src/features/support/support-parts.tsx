import { type SupportMessage, supportMessageLengthMax } from "@kabuto/shared/api/support";
import { formatDateTime } from "@kabuto/shared/format";
import { marketZone } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useRef } from "react";
import { TextAreaField } from "../../app/text-field.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import type { FieldError } from "../../lib/api-error.ts";

/** A multi-line message box, bounded like the server's rule. */
export function MessageField({
  id,
  label,
  value,
  onChange,
  error,
  rows = 4,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: FieldError | undefined;
  rows?: number;
}) {
  return (
    <TextAreaField
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      rows={rows}
      maxLength={supportMessageLengthMax}
      className="support-textarea"
    />
  );
}

/**
 * The messages of a conversation, oldest first: the reader's own on the right with whether the
 * other side has read them, the other side's on the left. Scrolls to the newest on each change.
 */
export function Thread({
  messages,
  imageUrl,
}: {
  messages: readonly SupportMessage[];
  imageUrl: (id: string) => string;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const end = useRef<HTMLLIElement>(null);
  const count = messages.length;
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView?.({ block: "nearest" });
  }, [count]);
  return (
    <ol className="support-thread" data-testid="support-thread" aria-live="polite">
      {messages.map((message) => {
        const mine = message.author === "member";
        return (
          <li
            key={message.id}
            className="support-message"
            data-mine={mine ? true : undefined}
            data-testid="support-message"
          >
            {!mine && (
              <span className="support-message__who">
                {message.staffName ? t`${message.staffName} (Kabuto support)` : t`Kabuto support`}
              </span>
            )}
            <p className="support-message__body">{message.body}</p>
            {message.screenshotId && (
              <a href={imageUrl(message.screenshotId)} target="_blank" rel="noreferrer">
                <img
                  className="support-message__image"
                  src={imageUrl(message.screenshotId)}
                  alt={t`Screenshot`}
                />
              </a>
            )}
            <span className="support-message__meta num">
              {formatDateTime(message.createdAtMs, locale, marketZone.JP, { seconds: false })}
              {mine && (
                <span data-testid="support-read">
                  {" · "}
                  {message.read ? <Trans>Read</Trans> : <Trans>Sent</Trans>}
                </span>
              )}
            </span>
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" className="support-thread__end" />
    </ol>
  );
}
