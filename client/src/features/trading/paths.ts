/** `#/position/positionDetail?id=12`: the spec's paths take no parameters, so the id is a query. */
export function positionDetailPath(id: string): string {
  return `/position/positionDetail?${new URLSearchParams({ id }).toString()}`;
}
