// The composition package: the only one that knows every library. It owns the process entry
// points (`src/bin`), each role's settings, metrics and the wiring between the parts.
export { loadPlatformConfig, type PlatformConfig, type Role, roles } from "./config.ts";
export { type Platform, startPlatform } from "./platform.ts";
