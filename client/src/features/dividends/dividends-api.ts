/** `#/common/dividend3?id=JP:7203@2027-03-30`: the spec's paths take no parameters, so the id is a query. */
export function dividendDetailPath(id: string): string {
  return `/common/dividend3?${new URLSearchParams({ id }).toString()}`;
}
