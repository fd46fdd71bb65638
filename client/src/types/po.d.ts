// Catalogs are imported as modules; @lingui/vite-plugin compiles each .po file on import.
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
