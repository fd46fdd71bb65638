/**
 * NYSE holidays and 13:00 ET early closes for 2025–2027 as NYSE published them (the
 * "Holidays and Trading Hours" page). The calendar computes these by rule; a test checks
 * the rule reproduces this table, so a change of rule or a new announcement shows up as a
 * failing test rather than a silent wrong day. `closures` are unscheduled closures no rule
 * can produce; the calendar reads them from here.
 *
 * Doubts, to recheck when NYSE updates its page:
 * - 2025-01-09: NYSE closed for the national day of mourning for President Carter
 *   (announced 2024-12-30).
 * - Late December 2025: an executive order gave federal employees 24 and 26 December off;
 *   NYSE did not close for it (24 December stayed an early close, 26 December a full day).
 * - 2027 is published far ahead and is the most likely year to gain an unscheduled change.
 */
export type NysePublishedYear = {
  year: number;
  /** Observed dates of the ten scheduled holidays. */
  holidays: readonly string[];
  closures: readonly string[];
  earlyCloses: readonly string[];
};

export const nysePublished: readonly NysePublishedYear[] = [
  {
    year: 2025,
    holidays: [
      "2025-01-01",
      "2025-01-20",
      "2025-02-17",
      "2025-04-18",
      "2025-05-26",
      "2025-06-19",
      "2025-07-04",
      "2025-09-01",
      "2025-11-27",
      "2025-12-25",
    ],
    closures: ["2025-01-09"],
    earlyCloses: ["2025-07-03", "2025-11-28", "2025-12-24"],
  },
  {
    year: 2026,
    holidays: [
      "2026-01-01",
      "2026-01-19",
      "2026-02-16",
      "2026-04-03",
      "2026-05-25",
      "2026-06-19",
      // Independence Day falls on a Saturday.
      "2026-07-03",
      "2026-09-07",
      "2026-11-26",
      "2026-12-25",
    ],
    closures: [],
    earlyCloses: ["2026-11-27", "2026-12-24"],
  },
  {
    year: 2027,
    holidays: [
      "2027-01-01",
      "2027-01-18",
      "2027-02-15",
      "2027-03-26",
      "2027-05-31",
      // Juneteenth falls on a Saturday.
      "2027-06-18",
      // Independence Day falls on a Sunday.
      "2027-07-05",
      "2027-09-06",
      "2027-11-25",
      // Christmas falls on a Saturday, so there is no Christmas Eve early close either.
      "2027-12-24",
    ],
    closures: [],
    earlyCloses: ["2027-11-26"],
  },
];
