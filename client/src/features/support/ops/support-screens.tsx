import {
  type OpsSupportConversation,
  type OpsSupportRow,
  type SupportMessage,
  type SupportTopic,
  supportMessageLengthMax,
} from "@kabuto/shared/api/support";
import { opsApi } from "@kabuto/shared/endpoints/ops";
import { supportApi } from "@kabuto/shared/endpoints/support";
import { staffSupportTopic } from "@kabuto/shared/protocol/topics";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "wouter";
import { call } from "../../../lib/api.ts";
import type { FieldError } from "../../../lib/api-error.ts";
import { IntentKeys } from "../../../lib/intent-key.ts";
import { useEndpoint } from "../../../lib/queries.ts";
import { useTopicEvents } from "../../../state/topic-events.ts";
import { Balances, Profile } from "../../ops/member-screens.tsx";
import { uploadUrl } from "../../ops/ops-api.ts";
import { OpsTable } from "../../ops/ops-table.tsx";
import {
  Empty,
  Loaded,
  OpsCard,
  OpsPage,
  refusedFields,
  Tag,
  TextArea,
  useBusy,
  When,
} from "../../ops/parts.tsx";

const topicLabels: Record<SupportTopic, MessageDescriptor> = {
  account: msg({ message: "Account", context: "support topic" }),
  funds: msg({ message: "Deposits and withdrawals", context: "support topic" }),
  trading: msg({ message: "Trading", context: "support topic" }),
  verification: msg({ message: "Identity verification", context: "support topic" }),
  other: msg({ message: "Other", context: "support topic" }),
};

/** Re-reads on every inbox event and whenever the staff topic is granted afresh (a reconnect). */
function useInboxEvents(reload: () => void, id?: string): void {
  useTopicEvents(staffSupportTopic, true, (update) => {
    if (!update || id === undefined || (update.topic === staffSupportTopic && update.data.id === id))
      reload();
  });
}

function AnsweredTag({ unanswered }: { unanswered: boolean }) {
  return unanswered ? (
    <Tag tone="wait">
      <Trans>Waiting for us</Trans>
    </Tag>
  ) : (
    <Tag tone="good">
      <Trans>Answered</Trans>
    </Tag>
  );
}

/** `#/ops/support`: every conversation, unanswered first (longest waiting at the top), live. */
export function SupportInboxScreen() {
  const { i18n, t } = useLingui();
  const state = useEndpoint(supportApi.inbox, {});
  useInboxEvents(state.reload);
  return (
    <OpsPage title={<Trans>Support</Trans>}>
      <Loaded state={state} retry={state.reload}>
        {({ items: rows }) =>
          rows.length === 0 ? (
            <Empty>
              <Trans>No conversations yet.</Trans>
            </Empty>
          ) : (
            <OpsTable
              rows={rows}
              rowKey={(row: OpsSupportRow) => row.id}
              rowHref={(row) => `/ops/support/${row.id}`}
              columns={[
                {
                  label: t`Member`,
                  cell: (row) => (
                    <Link href={`/ops/support/${row.id}`} className="num" data-testid="support-inbox-row">
                      {row.memberAccount}
                    </Link>
                  ),
                },
                { label: t`Topic`, cell: (row) => i18n._(topicLabels[row.topic]) },
                {
                  label: t`Newest message`,
                  cell: (row) => <span className="ops-support-preview">{row.preview}</span>,
                },
                { label: t`Last message`, cell: (row) => <When ms={row.lastMessageAtMs} /> },
                { label: t`Unread`, kind: "number", cell: (row) => (row.unread > 0 ? row.unread : "—") },
                { label: t`Status`, cell: (row) => <AnsweredTag unanswered={row.unanswered} /> },
              ]}
            />
          )
        }
      </Loaded>
    </OpsPage>
  );
}

/** `#/ops/support/:id`: the thread and a reply box, the member's profile beside it, live. */
export function SupportConversationScreen({ id }: { id: string }) {
  const state = useEndpoint(supportApi.opsConversation, { params: { id } });
  useInboxEvents(state.reload, id);
  const unread = state.status === "ready" ? state.value.unread : 0;
  // Opening the conversation reads what the member wrote: their side then shows it as read.
  useEffect(() => {
    if (unread > 0) call(supportApi.staffRead, { params: { id } }).catch(() => undefined);
  }, [id, unread]);
  return (
    <OpsPage
      title={<Trans>Conversation No. {id}</Trans>}
      back={{ href: "/ops/support", label: <Trans>Support</Trans> }}
    >
      <Loaded state={state} retry={state.reload}>
        {(conversation) => (
          <div className="ops-columns">
            <div className="ops-stack">
              <ConversationCard conversation={conversation} />
              <ReplyForm id={id} />
            </div>
            <div className="ops-stack">
              <MemberBeside memberId={conversation.memberId} />
            </div>
          </div>
        )}
      </Loaded>
    </OpsPage>
  );
}

function ConversationCard({ conversation }: { conversation: OpsSupportConversation }) {
  const { i18n } = useLingui();
  return (
    <OpsCard
      title={
        <>
          {i18n._(topicLabels[conversation.topic])} <AnsweredTag unanswered={conversation.unanswered} />
        </>
      }
    >
      <ol className="ops-support-thread" data-testid="support-thread">
        {conversation.messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
      </ol>
    </OpsCard>
  );
}

function Message({ message }: { message: SupportMessage }) {
  const { t } = useLingui();
  const ours = message.author === "staff";
  return (
    <li className="ops-support-message" data-ours={ours ? true : undefined} data-testid="support-message">
      <span className="ops-support-message__who">{ours ? (message.staffName ?? t`Staff`) : t`Member`}</span>
      <p className="ops-support-message__body">{message.body}</p>
      {message.screenshotId && (
        <a href={uploadUrl(message.screenshotId)} target="_blank" rel="noreferrer">
          <img
            className="ops-support-message__image"
            src={uploadUrl(message.screenshotId)}
            alt={t`Screenshot`}
          />
        </a>
      )}
      <span className="ops-support-message__meta">
        <When ms={message.createdAtMs} />
        {ours && (
          <span data-testid="support-read">
            {" · "}
            {message.read ? <Trans>Read by the member</Trans> : <Trans>Not read yet</Trans>}
          </span>
        )}
      </span>
    </li>
  );
}

function ReplyForm({ id }: { id: string }) {
  const { t } = useLingui();
  const [body, setBody] = useState("");
  const [error, setError] = useState<FieldError>();
  const [busy, run] = useBusy();
  const [keys] = useState(() => new IntentKeys());

  function submit(event: FormEvent) {
    event.preventDefault();
    if (body.trim() === "") {
      setError("SUPPORT_MESSAGE_REQUIRED");
      return;
    }
    setError(undefined);
    void run(
      async () => {
        // The conversation is read again: the reply changed the console's tag.
        await call(
          supportApi.reply,
          { params: { id }, body: { body } },
          { idempotencyKey: keys.keyFor(JSON.stringify([id, body])) },
        );
        keys.settle();
        setBody("");
      },
      (caught) => {
        keys.settle(caught);
        setError(refusedFields(caught)?.body);
      },
    );
  }

  return (
    <form className="ops-card" onSubmit={submit} noValidate>
      <h2 className="ops-card__title">
        <Trans>Reply</Trans>
      </h2>
      <TextArea
        id="support-reply"
        label={<Trans>Your answer (the member reads it at once; it is kept in the audit log)</Trans>}
        value={body}
        onChange={setBody}
        error={error}
        rows={4}
        maxLength={supportMessageLengthMax}
      />
      <div className="ops-form__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? t`Sending…` : t`Send reply`}
        </button>
      </div>
    </form>
  );
}

function MemberBeside({ memberId }: { memberId: string }) {
  const state = useEndpoint(opsApi.member, { params: { id: memberId } });
  return (
    <Loaded state={state} retry={state.reload}>
      {(member) => (
        <>
          <Profile member={member} />
          <Balances member={member} />
          <p>
            <Link href={`/ops/members/${member.id}`}>
              <Trans>Open the member's page</Trans>
            </Link>
          </p>
        </>
      )}
    </Loaded>
  );
}
