import { Icon, type IconProps } from "../../app/icons.tsx";

/** The home screen's own line icons, in the app's icon frame (app/icons.tsx). */

/** A headset: customer service. */
export function IconHeadset(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 14v-2a7.5 7.5 0 0 1 15 0v2" />
      <rect x="3.5" y="13" width="4" height="6" rx="1.5" />
      <rect x="16.5" y="13" width="4" height="6" rx="1.5" />
      <path d="M18.5 19c0 1.2-1.8 2-4.5 2h-1.5" />
    </Icon>
  );
}

/** A speech bubble: online support (a chat). */
export function IconChat(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 6.5A2 2 0 0 1 6.5 4.5h11a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H10l-4 3.5v-3.5h0.5a2 2 0 0 1-2-2z" />
      <path d="M8.5 10.5h.01M12 10.5h.01M15.5 10.5h.01" strokeWidth={2.4} />
    </Icon>
  );
}

/** A megaphone: an announcement from the house. */
export function IconMegaphone(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 10v4a1 1 0 0 0 1 1h2.5l7.5 4.5v-15L7.5 9H5a1 1 0 0 0-1 1z" />
      <path d="M7.5 15 9 20h2.5l-1-5" />
      <path d="M18.5 9.5a3.5 3.5 0 0 1 0 5" />
    </Icon>
  );
}
