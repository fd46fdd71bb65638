/** A message's text fields and its optional screenshot, as the multipart body the server reads. */
export function supportForm(fields: Record<string, string>, screenshot: File | undefined): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (screenshot) data.append("screenshot", screenshot, screenshot.name);
  return data;
}

/** A screenshot the member sent, as their browser may show it. */
export function ownUploadUrl(id: string): string {
  return `/api/v1/uploads/${encodeURIComponent(id)}`;
}
