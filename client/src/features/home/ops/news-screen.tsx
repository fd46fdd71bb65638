import { fieldIssueOf } from "@kabuto/shared/api/field-issues";
import type { OpsNewsItem } from "@kabuto/shared/api/news";
import {
  type LocalizedText,
  type NewsKind,
  newsBodyLengthMax,
  newsInputSchema,
  newsKinds,
  newsLanguages,
  newsTitleLengthMax,
} from "@kabuto/shared/api/news";
import { newsApi } from "@kabuto/shared/endpoints/news";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { ChoiceChips } from "../../../app/choice-chips.tsx";
import { TextField } from "../../../app/text-field.tsx";
import { localeEndonyms } from "../../../i18n/locale.ts";
import { useLocale } from "../../../i18n/use-locale.ts";
import { call } from "../../../lib/api.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useEndpoint } from "../../../lib/queries.ts";
import { type FieldErrors, toFieldError } from "../../auth/form-errors.ts";
import { type EditorForm, EditorPage } from "../../ops/editor-page.tsx";
import type { Page } from "../../ops/ops-api.ts";
import { type Column, PagedTable } from "../../ops/ops-table.tsx";
import { Loaded, refusedFields, Tag, TextArea, useBusy, When } from "../../ops/parts.tsx";
import { ReasonDialog } from "../../ops/reason-dialog.tsx";
import { parseTokyoInput, tokyoInputValue } from "../../ops/tokyo-time.ts";

const kindLabels: Record<NewsKind, MessageDescriptor> = {
  news: msg({ message: "News", context: "news kind" }),
  announcement: msg({ message: "Announcement", context: "news kind" }),
};

const statusLabels: Record<OpsNewsItem["status"], MessageDescriptor> = {
  scheduled: msg({ message: "Scheduled", context: "news status" }),
  published: msg({ message: "Published", context: "news status" }),
  withdrawn: msg({ message: "Withdrawn", context: "news status" }),
};

const statusTones: Record<OpsNewsItem["status"], string> = {
  scheduled: "wait",
  published: "good",
  withdrawn: "bad",
};

/** `#/ops/news` (supervisor): news and announcements for the home screen, in all three languages. */
export function NewsScreen() {
  const state = useEndpoint(newsApi.opsList, { query: {} });
  const reload = state.reload;
  return (
    <EditorPage<OpsNewsItem>
      title={<Trans>News</Trans>}
      addLabel={<Trans>Write an item</Trans>}
      onSaved={reload}
      form={(item, events) => <NewsForm item={item} {...events} />}
    >
      {(edit) => (
        <Loaded state={state} retry={reload}>
          {(first) => <NewsList first={first} onEdit={edit} onChanged={reload} />}
        </Loaded>
      )}
    </EditorPage>
  );
}

function NewsList({
  first,
  onEdit,
  onChanged,
}: {
  first: Page<OpsNewsItem, string>;
  onEdit: (item: OpsNewsItem) => void;
  onChanged: () => void;
}) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const [withdrawing, setWithdrawing] = useState<OpsNewsItem | null>(null);
  const columns: Column<OpsNewsItem>[] = [
    { label: t`Published`, cell: (item) => <When ms={item.publishedAtMs} /> },
    { label: t`Kind`, cell: (item) => i18n._(kindLabels[item.kind]) },
    { label: t`Title`, cell: (item) => item.title[locale] },
    {
      label: t`Status`,
      cell: (item) => <Tag tone={statusTones[item.status]}>{i18n._(statusLabels[item.status])}</Tag>,
    },
    {
      label: t`Actions`,
      kind: "actions",
      cell: (item) =>
        item.status !== "withdrawn" && (
          <>
            <button
              type="button"
              className="button button--outline button--small"
              onClick={() => onEdit(item)}
            >
              <Trans>Edit</Trans>
            </button>
            <button
              type="button"
              className="button button--danger-text button--small"
              onClick={() => setWithdrawing(item)}
            >
              <Trans context="news">Withdraw</Trans>
            </button>
          </>
        ),
    },
  ];
  return (
    <>
      <PagedTable
        first={first}
        loadNext={(before) => call(newsApi.opsList, { query: { before } })}
        columns={columns}
        rowKey={(item) => item.id}
        empty={<Trans>Nothing published yet.</Trans>}
        moreLabel={<Trans>Older items</Trans>}
      />
      {withdrawing && (
        <WithdrawDialog item={withdrawing} onClose={() => setWithdrawing(null)} onDone={onChanged} />
      )}
    </>
  );
}

function WithdrawDialog({
  item,
  onClose,
  onDone,
}: {
  item: OpsNewsItem;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const title = item.title[locale];
  return (
    <ReasonDialog
      id="news-withdraw-reason"
      title={<Trans>Withdraw “{title}”?</Trans>}
      confirmLabel={<Trans context="news">Withdraw</Trans>}
      act={(reason) => call(newsApi.withdraw, { params: { id: item.id }, body: { reason } })}
      doneMessage={t`Withdrawn`}
      onClose={onClose}
      onDone={onDone}
    >
      <p>
        <Trans>Members no longer see it. This cannot be undone.</Trans>
      </p>
    </ReasonDialog>
  );
}

const emptyText: LocalizedText = { ja: "", en: "", "zh-Hant": "" };

/** Writes or rewrites an item: every language of its title and body, and when it appears. */
function NewsForm({ item, onClose, onSaved }: { item: OpsNewsItem | undefined } & EditorForm) {
  const { i18n, t } = useLingui();
  const [kind, setKind] = useState<NewsKind>(item?.kind ?? "announcement");
  const [title, setTitle] = useState<LocalizedText>(item?.title ?? emptyText);
  const [body, setBody] = useState<LocalizedText>(item?.body ?? emptyText);
  const [publishAt, setPublishAt] = useState(item ? tokyoInputValue(item.publishedAtMs) : "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, run] = useBusy();

  function submit(event: FormEvent) {
    event.preventDefault();
    const publishedAtMs = publishAt === "" ? undefined : parseTokyoInput(publishAt);
    const found: FieldErrors = {};
    if (publishAt !== "" && publishedAtMs === undefined) found.publishedAtMs = "VALIDATION_FAILED";
    const parsed = newsInputSchema.safeParse({ kind, title, body, publishedAtMs });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path.join(".");
        found[key] ??= toFieldError(fieldIssueOf(issue));
      }
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    void run(
      async () => {
        if (item) await call(newsApi.update, { params: { id: item.id }, body: parsed.data });
        else await call(newsApi.create, { body: parsed.data });
        notifySuccess(t`Saved`);
        onSaved();
      },
      (error) => setErrors((previous) => refusedFields(error) ?? previous),
    );
  }

  return (
    <form className="ops-card ops-form" onSubmit={submit} noValidate>
      <h2 className="ops-card__title">{item ? <Trans>Edit the item</Trans> : <Trans>New item</Trans>}</h2>
      <ChoiceChips
        name="news-kind"
        legend={<Trans>Kind</Trans>}
        value={kind}
        onChange={setKind}
        choices={newsKinds.map((value) => ({ value, label: i18n._(kindLabels[value]) }))}
      />
      {newsLanguages.map((language) => (
        <fieldset key={language} className="ops-fieldset" lang={language}>
          <legend>{localeEndonyms[language]}</legend>
          <TextField
            id={`news-title-${language}`}
            label={<Trans>Title</Trans>}
            value={title[language]}
            maxLength={newsTitleLengthMax}
            onChange={(event) => {
              setTitle((previous) => ({ ...previous, [language]: event.target.value }));
              setErrors((previous) => ({ ...previous, [`title.${language}`]: undefined }));
            }}
            error={errors[`title.${language}`]}
          />
          <TextArea
            id={`news-body-${language}`}
            label={<Trans>Text</Trans>}
            rows={5}
            value={body[language]}
            maxLength={newsBodyLengthMax}
            onChange={(value) => {
              setBody((previous) => ({ ...previous, [language]: value }));
              setErrors((previous) => ({ ...previous, [`body.${language}`]: undefined }));
            }}
            error={errors[`body.${language}`]}
          />
        </fieldset>
      ))}
      <TextField
        id="news-publish-at"
        type="datetime-local"
        label={<Trans>Publish at (Tokyo time; empty for now)</Trans>}
        value={publishAt}
        onChange={(event) => setPublishAt(event.target.value)}
        error={errors.publishedAtMs}
      />
      <div className="ops-form__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {item ? <Trans>Save</Trans> : <Trans>Publish</Trans>}
        </button>
      </div>
    </form>
  );
}
