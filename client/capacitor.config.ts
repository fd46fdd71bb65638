import type { CapacitorConfig } from "@capacitor/cli";

/**
 * The native shell (spec section 2). `npx cap add android` / `npx cap add ios` make the
 * projects, `npm run build -w client && npx cap sync` copies the built client into them; see
 * README "The native app". Building them needs the Android SDK or Xcode and is not part of
 * `npm test`.
 *
 * The web app talks to its API on the same origin (`/api/v1`, `/socket.io`), so the shell loads
 * it from the Kabuto server named by `KABUTO_SERVER_URL` when the projects are synced; without it
 * the shell shows the bundled copy, which suits a look at the screens but reaches no API.
 */
const serverUrl = process.env.KABUTO_SERVER_URL;

const config: CapacitorConfig = {
  appId: "jp.kabuto.app",
  appName: "Kabuto",
  webDir: "dist",
  ...(serverUrl ? { server: { url: serverUrl, cleartext: serverUrl.startsWith("http:") } } : {}),
  android: { allowMixedContent: false },
  plugins: {
    // White with dark text from the first frame; the bridge sets the same once the app runs.
    StatusBar: { style: "LIGHT", backgroundColor: "#ffffff", overlaysWebView: false },
  },
};

export default config;
