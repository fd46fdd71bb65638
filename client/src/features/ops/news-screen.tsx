import {
  type LocalizedText,
  type NewsKind,
  newsBodyLengthMax,
  newsInputSchema,
  newsKinds,
  newsLanguages,
  newsTitleLengthMax,
  type OpsNewsItem,
  reasonSchema,
} from "@kabuto/shared";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import { ChoiceChips } from "../../app/choice-chips.tsx";
import { ConfirmDialog } from "../../app/confirm-dialog.tsx";
import { TextField } from "../../app/text-field.tsx";
import { localeEndonyms } from "../../i18n/locale.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { ApiError } from "../../lib/api-error.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useAsync } from "../../lib/use-async.ts";
import { createNews, fetchNews, updateNews, withdrawNews } from "./ops-api.ts";
import { Empty, Loaded, OpsPage, TextArea, useReload, When } from "./parts.tsx";
import { parseTokyoInput, tokyoInputValue } from "./tokyo-time.ts";

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
  const [version, reload] = useReload();
  const state = useAsync(`news#${version}`, () => fetchNews(undefined));
  const [editing, setEditing] = useState<OpsNewsItem | "new" | null>(null);
  return (
    <OpsPage
      title={<Trans>News</Trans>}
      actions={
        editing === null && (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => setEditing("new")}
          >
            <Trans>Write an item</Trans>
          </button>
        )
      }
    >
      {editing !== null && (
        <NewsForm
          key={editing === "new" ? "new" : editing.id}
          item={editing === "new" ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <Loaded state={state} retry={reload}>
        {(first) => <NewsList key={version} first={first} onEdit={setEditing} onChanged={reload} />}
      </Loaded>
    </OpsPage>
  );
}

function NewsList({
  first,
  onEdit,
  onChanged,
}: {
  first: { items: OpsNewsItem[]; next: string | null };
  onEdit: (item: OpsNewsItem) => void;
  onChanged: () => void;
}) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const [items, setItems] = useState(first.items);
  const [next, setNext] = useState(first.next);
  const [busy, setBusy] = useState(false);
  const [withdrawing, setWithdrawing] = useState<OpsNewsItem | null>(null);
  useEffect(() => {
    setItems(first.items);
    setNext(first.next);
  }, [first]);

  async function more() {
    if (!next) return;
    setBusy(true);
    try {
      const page = await fetchNews(next);
      setItems((previous) => [...previous, ...page.items]);
      setNext(page.next);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  if (items.length === 0) {
    return (
      <Empty>
        <Trans>Nothing published yet.</Trans>
      </Empty>
    );
  }
  return (
    <>
      <table className="ops-table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Published</Trans>
            </th>
            <th scope="col">
              <Trans>Kind</Trans>
            </th>
            <th scope="col">
              <Trans>Title</Trans>
            </th>
            <th scope="col">
              <Trans>Status</Trans>
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td data-label={t`Published`}>
                <When ms={item.publishedAtMs} />
              </td>
              <td data-label={t`Kind`}>{i18n._(kindLabels[item.kind])}</td>
              <td data-label={t`Title`}>{item.title[locale]}</td>
              <td data-label={t`Status`}>
                <span className="ops-tag" data-tone={statusTones[item.status]}>
                  {i18n._(statusLabels[item.status])}
                </span>
              </td>
              <td className="ops-table__actions">
                {item.status !== "withdrawn" && (
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
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {next && (
        <div className="ops-more">
          <button
            type="button"
            className="button button--outline button--small"
            onClick={more}
            disabled={busy}
          >
            <Trans>Older items</Trans>
          </button>
        </div>
      )}
      {withdrawing && (
        <WithdrawDialog
          item={withdrawing}
          onClose={() => setWithdrawing(null)}
          onDone={() => {
            setWithdrawing(null);
            onChanged();
          }}
        />
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
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    const parsed = reasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      await withdrawNews(item.id, parsed.data);
      notifySuccess(t`Withdrawn`);
      onDone();
    } catch (caught) {
      notifyError(caught);
    } finally {
      setBusy(false);
    }
  }

  const title = item.title[locale];
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Withdraw “{title}”?</Trans>}
      confirmLabel={<Trans context="news">Withdraw</Trans>}
      onConfirm={confirm}
      busy={busy}
    >
      <p>
        <Trans>Members no longer see it. This cannot be undone.</Trans>
      </p>
      <TextArea
        id="news-withdraw-reason"
        label={<Trans>Reason</Trans>}
        value={reason}
        onChange={setReason}
        error={error}
        maxLength={500}
      />
    </ConfirmDialog>
  );
}

const emptyText: LocalizedText = { ja: "", en: "", "zh-Hant": "" };

/** Writes or rewrites an item: every language of its title and body, and when it appears. */
function NewsForm({
  item,
  onClose,
  onSaved,
}: {
  item: OpsNewsItem | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { i18n, t } = useLingui();
  const [kind, setKind] = useState<NewsKind>(item?.kind ?? "announcement");
  const [title, setTitle] = useState<LocalizedText>(item?.title ?? emptyText);
  const [body, setBody] = useState<LocalizedText>(item?.body ?? emptyText);
  const [publishAt, setPublishAt] = useState(item ? tokyoInputValue(item.publishedAtMs) : "");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const publishedAtMs = publishAt === "" ? undefined : parseTokyoInput(publishAt);
    const found: Record<string, string | undefined> = {};
    if (publishAt !== "" && publishedAtMs === undefined) found.publishedAtMs = "VALIDATION_FAILED";
    const parsed = newsInputSchema.safeParse({ kind, title, body, publishedAtMs });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path.join(".");
        found[key] ??= issue.message;
      }
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      if (item) await updateNews(item.id, parsed.data);
      else await createNews(parsed.data);
      notifySuccess(t`Saved`);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      notifyError(error);
    } finally {
      setBusy(false);
    }
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
