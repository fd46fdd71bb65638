import type { OpsConfigEntry } from "@kabuto/shared/api/ops";
import type { ConfigEntry } from "@kabuto/shared/api/system";
import { contactLink, contactLinkRoutes } from "@kabuto/shared/support/contact-links";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { recordAudit } from "../kernel/audit.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import { lockConfigValue, storeConfigValue, storedConfigValues } from "./config.repo.ts";

type Kind = OpsConfigEntry["kind"];

export interface Definition {
  name: string;
  kind: Kind;
  defaultValue: string;
  maxLength: number;
  /** A title must say something; a link or address may be empty, which hides it. */
  required: boolean;
}

/**
 * The public settings operations may change: the allow-list. `GET /config` shows these and the
 * derived entries below, never anything else the table might hold.
 */
export const editableConfig: readonly Definition[] = [
  // A browser tab shows about 60 characters of a title.
  { name: "title", kind: "text", defaultValue: "Kabuto", maxLength: 60, required: true },
  // Links the home screen's customer-service and online-support shortcuts open: a web address or
  // one of the app's support pages (`contactLinkRoutes`).
  { name: "customerServiceUrl", kind: "url", defaultValue: "", maxLength: 500, required: false },
  { name: "onlineSupportUrl", kind: "url", defaultValue: "", maxLength: 500, required: false },
  // RFC 5321 caps an address at 254 characters.
  { name: "supportEmail", kind: "email", defaultValue: "", maxLength: 254, required: false },
];

/**
 * Entries the servers enforce from their own settings, shown beside the editable ones so the
 * screens state the hours and limits that actually apply; changing them is a deployment change.
 */
function derivedConfig(config: Config): { name: string; value: string }[] {
  return [
    // "09:30-19:30" Tokyo time on TSE business days, or "always".
    { name: "fundHours", value: config.FUND_HOURS },
    // "JPY:1000,USD:10": the smallest withdrawal per currency, in major units.
    { name: "withdrawMin", value: config.WITHDRAW_MIN },
  ];
}

/** Line breaks, tabs and other control characters (Unicode category Cc). */
const controlCharacters = /\p{Cc}/u;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a value suits its entry; the caller has trimmed it. */
export function isValidConfigValue(definition: Definition, value: string): boolean {
  if (value.length > definition.maxLength || controlCharacters.test(value)) return false;
  if (value === "") return !definition.required;
  if (definition.kind === "email") return emailPattern.test(value);
  // Only web links with no user name or password, or the app's own support pages.
  if (definition.kind === "url") return contactLink(value) !== undefined;
  return true;
}

export class ConfigService {
  private readonly db: Db;
  private readonly config: Config;

  constructor(deps: { db: Db; config: Config }) {
    this.db = deps.db;
    this.config = deps.config;
  }

  /** What every visitor may read: the allow-listed entries that have a value, and the derived ones. */
  async publicEntries(): Promise<ConfigEntry[]> {
    const values = await this.storedValues();
    const editable = editableConfig.map((definition) => ({
      name: definition.name,
      value: values.get(definition.name) ?? definition.defaultValue,
    }));
    return [...editable, ...derivedConfig(this.config)].filter((entry) => entry.value !== "");
  }

  async opsEntries(): Promise<OpsConfigEntry[]> {
    const values = await this.storedValues();
    const editable = editableConfig.map((definition) => toOpsEntry(definition, values.get(definition.name)));
    const derived = derivedConfig(this.config).map((entry) => ({
      name: entry.name,
      value: entry.value,
      kind: "text" as const,
      editable: false,
      defaultValue: entry.value,
      maxLength: entry.value.length,
    }));
    return [...editable, ...derived];
  }

  /** The allow-listed entry of this name; any other name is CONFIG_NAME_INVALID. */
  editable(name: string): Definition {
    const definition = editableConfig.find((entry) => entry.name === name);
    if (!definition) throw new AppError("CONFIG_NAME_INVALID", { name: name.slice(0, 64) });
    return definition;
  }

  /** Sets one allow-listed entry and audits it; setting what it is already changes nothing. */
  async set(
    definition: Definition,
    text: string,
    actor: StaffMember,
    context: { nowMs: number; ip: string },
  ): Promise<OpsConfigEntry> {
    const { name } = definition;
    const value = text.trim();
    if (!isValidConfigValue(definition, value)) {
      // A link that leads nowhere it may gets its own word, naming the app's pages it may lead to.
      if (
        definition.kind === "url" &&
        value.length <= definition.maxLength &&
        contactLink(value) === undefined
      ) {
        throw new AppError("CONFIG_LINK_INVALID", {
          fields: { value: "CONFIG_LINK_INVALID" },
          routes: [...contactLinkRoutes],
        });
      }
      throw new AppError("VALIDATION_FAILED", {
        fields: { value: "VALIDATION_FAILED" },
        kind: definition.kind,
        maxLength: definition.maxLength,
      });
    }
    return this.db.transaction(async (tx) => {
      const stored = await lockConfigValue(tx, name);
      const before = stored ?? definition.defaultValue;
      if (stored === value) return toOpsEntry(definition, value);
      await storeConfigValue(tx, name, value);
      await recordAudit(tx, {
        staffId: actor.id,
        action: "config.set",
        target: `config:${name}`,
        before: { value: before },
        after: { value },
        ip: context.ip,
        atMs: context.nowMs,
      });
      return toOpsEntry(definition, value);
    });
  }

  /** Whether staff (or the demo seed) ever stored this setting, even as empty. */
  async isStored(name: string): Promise<boolean> {
    return (await storedConfigValues(this.db, [name])).has(name);
  }

  private async storedValues(): Promise<Map<string, string>> {
    return storedConfigValues(
      this.db,
      editableConfig.map((definition) => definition.name),
    );
  }
}

function toOpsEntry(definition: Definition, stored: string | undefined): OpsConfigEntry {
  return {
    name: definition.name,
    value: stored ?? definition.defaultValue,
    kind: definition.kind,
    editable: true,
    defaultValue: definition.defaultValue,
    maxLength: definition.maxLength,
  };
}
