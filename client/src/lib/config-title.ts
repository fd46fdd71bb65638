import { configListSchema } from "@kabuto/shared";
import { apiGet } from "./api.ts";

/** The page title is a server config entry (spec section 3); the built-in title stays if it is missing. */
export async function applyConfigTitle(): Promise<void> {
  try {
    const config = await apiGet("/config", configListSchema);
    const title = config.items.find((item) => item.name === "title")?.value;
    if (title) document.title = title;
  } catch {
    // Not essential: the page works with its built-in title.
  }
}
