import { type FormatLocale, intlLocale } from "@kabuto/shared/format";

/**
 * A queue's size as the overview shows it. Queues come a page at a time, so a full page says
 * "at least this many" (`100+`) rather than a count the console does not know.
 */
export function queueCountText(count: number, pageSize: number, locale: FormatLocale): string {
  const text = new Intl.NumberFormat(intlLocale[locale]).format(count);
  return count >= pageSize ? `${text}+` : text;
}
