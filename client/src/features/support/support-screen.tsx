import {
  type SupportAvailabilityWire,
  type SupportConversation,
  type SupportConversationSummary,
  type SupportTopic,
  supportMessageLengthMax,
  supportTopics,
} from "@kabuto/shared/api/support";
import { supportApi } from "@kabuto/shared/endpoints/support";
import { formatDateTime } from "@kabuto/shared/format";
import { marketZone } from "@kabuto/shared/symbols";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { PageHeader } from "../../app/page-header.tsx";
import { useLocale } from "../../i18n/use-locale.ts";
import { call } from "../../lib/api.ts";
import { ApiError, type FieldError } from "../../lib/api-error.ts";
import { IntentKeys } from "../../lib/intent-key.ts";
import { notifyError } from "../../lib/notify.ts";
import { useEndpoint } from "../../lib/queries.ts";
import { useSessionState } from "../../state/session.ts";
import { LoadProblem, Notice, SignInNeeded } from "../identity/identity-parts.tsx";
import { PhotoField } from "../identity/photo-field.tsx";
import { ownUploadUrl, supportForm } from "./support-api.ts";
import { topicLabels } from "./support-labels.ts";
import { MessageField, Thread } from "./support-parts.tsx";
import "./support.css";

const tokyo = marketZone.JP;

/**
 * `/user/pj`: online support with real staff. The spec lists the path without a description;
 * it is the spec's "online service": the member's conversations with operations staff, a new
 * one (topic, text, an optional screenshot), and each thread, live both ways over the member's
 * `account` topic, with read state. Out of hours it says when someone will answer.
 */
export function SupportScreen() {
  const session = useSessionState();
  const id = new URLSearchParams(useSearch()).get("id");
  return (
    <>
      <PageHeader back={id ? "/user/pj" : "/user/usercenter"} title={<Trans>Online support</Trans>} />
      <main className="form-page support">
        {!session && <SignInNeeded />}
        {session && (id ? <ConversationView id={id} /> : <Overview />)}
      </main>
    </>
  );
}

function Availability({ availability }: { availability: SupportAvailabilityWire }) {
  const locale = useLocale();
  const hours = availability.hours;
  if (availability.open) {
    return (
      <Notice testId="support-hours">
        <Trans>Our staff are answering now.</Trans>
      </Notice>
    );
  }
  const next =
    availability.nextOpenMs === null
      ? ""
      : formatDateTime(availability.nextOpenMs, locale, tokyo, { seconds: false });
  return (
    <Notice tone="warn" testId="support-hours">
      <Trans>
        Our staff answer {hours} Japan time on business days. Write now and we will answer from {next}.
      </Trans>
    </Notice>
  );
}

function Overview() {
  // Staff replies arrive as the member's support events, which make the overview stale.
  const overview = useEndpoint(supportApi.overview, {});
  if (overview.status === "loading") return <div className="panel" aria-busy="true" />;
  if (overview.status === "error") return <LoadProblem error={overview.error} onRetry={overview.reload} />;
  const { availability, conversations } = overview.value;
  return (
    <>
      <Availability availability={availability} />
      <NewConversation />
      <section className="panel" aria-labelledby="support-list-title">
        <h2 className="panel__title" id="support-list-title">
          <Trans>Your conversations</Trans>
        </h2>
        {conversations.length === 0 ? (
          <p className="empty">
            <Trans>No conversations yet.</Trans>
          </p>
        ) : (
          <ul className="support-list" data-testid="support-list">
            {conversations.map((conversation) => (
              <ConversationRow key={conversation.id} conversation={conversation} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function ConversationRow({ conversation }: { conversation: SupportConversationSummary }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <li>
      <Link className="support-row" href={`/user/pj?id=${conversation.id}`}>
        <span className="support-row__head">
          <strong>{i18n._(topicLabels[conversation.topic])}</strong>
          <time className="support-row__time num">
            {formatDateTime(conversation.lastMessageAtMs, locale, tokyo, { seconds: false })}
          </time>
        </span>
        <span className="support-row__preview">{conversation.preview}</span>
        {conversation.unread > 0 && (
          <span className="support-badge" data-testid="support-unread">
            <Trans>{conversation.unread} new</Trans>
          </span>
        )}
      </Link>
    </li>
  );
}

function NewConversation() {
  const { i18n, t } = useLingui();
  const [, navigate] = useLocation();
  const [topic, setTopic] = useState<SupportTopic>("account");
  const [body, setBody] = useState("");
  const [screenshot, setScreenshot] = useState<File>();
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (body.trim() === "") {
      setErrors({ body: "SUPPORT_MESSAGE_REQUIRED" });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const fingerprint = JSON.stringify([topic, body, screenshot?.name, screenshot?.size]);
      const opened = await call(
        supportApi.open,
        { body: supportForm({ topic, body }, screenshot) },
        { idempotencyKey: keys.keyFor(fingerprint) },
      );
      keys.settle();
      navigate(`/user/pj?id=${opened.id}`);
    } catch (error) {
      keys.settle(error);
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel support-new" onSubmit={submit} noValidate aria-labelledby="support-new-title">
      <h2 className="panel__title" id="support-new-title">
        <Trans>Ask our staff</Trans>
      </h2>
      <ChoiceChips
        name="support-topic"
        legend={<Trans>What is it about?</Trans>}
        value={topic}
        look="chips"
        choices={supportTopics.map((value) => ({ value, label: i18n._(topicLabels[value]) }))}
        onChange={setTopic}
        error={errors.topic}
      />
      <MessageField
        id="support-body"
        label={<Trans>Your message</Trans>}
        value={body}
        onChange={setBody}
        error={errors.body}
      />
      <PhotoField
        id="support-screenshot"
        label={<Trans>Screenshot (optional)</Trans>}
        hint={<Trans>Add a screenshot of what you see</Trans>}
        file={screenshot}
        onChange={setScreenshot}
        error={errors.screenshot}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? t`Sending…` : t`Send`}
      </button>
    </form>
  );
}

function ConversationView({ id }: { id: string }) {
  const conversation = useEndpoint(supportApi.conversation, { params: { id } });
  const unread = conversation.status === "ready" ? conversation.value.unread : 0;
  // Opening the thread reads what staff wrote: their side then shows it as read.
  useEffect(() => {
    if (unread > 0) call(supportApi.read, { params: { id } }).catch(() => undefined);
  }, [id, unread]);
  if (conversation.status === "loading") return <div className="panel" aria-busy="true" />;
  if (conversation.status === "error")
    return <LoadProblem error={conversation.error} onRetry={conversation.reload} />;
  return (
    <>
      <ConversationHeader conversation={conversation.value} />
      <Thread messages={conversation.value.messages} imageUrl={ownUploadUrl} />
      <Reply id={id} />
    </>
  );
}

function ConversationHeader({ conversation }: { conversation: SupportConversation }) {
  const { i18n } = useLingui();
  return (
    <h2 className="support-topic" data-testid="support-topic">
      {i18n._(topicLabels[conversation.topic])}
    </h2>
  );
}

function Reply({ id }: { id: string }) {
  const { t } = useLingui();
  const [body, setBody] = useState("");
  const [screenshot, setScreenshot] = useState<File>();
  const [error, setError] = useState<FieldError>();
  const [busy, setBusy] = useState(false);
  const [keys] = useState(() => new IntentKeys());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (body.trim() === "") {
      setError("SUPPORT_MESSAGE_REQUIRED");
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const fingerprint = JSON.stringify([id, body, screenshot?.name, screenshot?.size]);
      // The thread is read again: writing changed the support tag.
      await call(
        supportApi.write,
        { params: { id }, body: supportForm({ body }, screenshot) },
        { idempotencyKey: keys.keyFor(fingerprint) },
      );
      keys.settle();
      setBody("");
      setScreenshot(undefined);
    } catch (caught) {
      keys.settle(caught);
      if (caught instanceof ApiError && caught.fields.body) setError(caught.fields.body);
      else notifyError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel support-reply" onSubmit={submit} noValidate>
      <MessageField
        id="support-reply"
        label={<Trans>Write more</Trans>}
        value={body}
        onChange={setBody}
        error={error}
        rows={3}
      />
      <PhotoField
        id="support-reply-screenshot"
        label={<Trans>Screenshot (optional)</Trans>}
        hint={<Trans>Add a screenshot of what you see</Trans>}
        file={screenshot}
        onChange={setScreenshot}
      />
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? t`Sending…` : t`Send`}
      </button>
      <p className="field__hint">
        <Trans>At most {supportMessageLengthMax} characters a message.</Trans>
      </p>
    </form>
  );
}
