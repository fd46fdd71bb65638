import type { SeedContext } from "../kernel/product.ts";
import { demoAdminActor } from "../seed.ts";
import { ConfigService } from "./config.service.ts";

/** Where the Home screen's customer-service shortcut leads on a first start: the app's support chat. */
export const demoCustomerServiceLink = "/user/pj";

/**
 * Sets the customer-service link on a first start, as staff would in the console: through the
 * config service, by the demo admin, so the change is audited like theirs. Only while the setting
 * was never stored: a link staff set or cleared stays as they left it. Returns whether it set it.
 */
export async function seedDemoContactLink(
  context: Pick<SeedContext, "db" | "config" | "nowMs">,
): Promise<boolean> {
  const { db, config, nowMs } = context;
  const admin = await demoAdminActor(db);
  if (!admin) return false;
  const settings = new ConfigService({ db, config });
  const definition = settings.editable("customerServiceUrl");
  if (await settings.isStored(definition.name)) return false;
  await settings.set(definition, demoCustomerServiceLink, admin, { nowMs, ip: "" });
  return true;
}
