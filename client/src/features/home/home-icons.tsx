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

/** A sun on the horizon: the US pre-market. */
export function IconSunrise(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 18.5h17" />
      <path d="M7 18.5a5 5 0 0 1 10 0" />
      <path d="M12 5v3M5.6 9.6l1.8 1.8M18.4 9.6l-1.8 1.8" />
    </Icon>
  );
}

/** A crescent moon: US after-hours. */
export function IconMoon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M19.5 14.5A8 8 0 0 1 9.5 4.5a8 8 0 1 0 10 10z" />
    </Icon>
  );
}

/** A flame: the hot lists. */
export function IconFlame(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 21a6 6 0 0 0 6-6c0-4-3-6-4-10-2 2-3 4-3 6-1-1-1.5-2-1.5-3C7.5 10 6 12.5 6 15a6 6 0 0 0 6 6z" />
    </Icon>
  );
}

/** A four-point star: a new offering (IPO). */
export function IconSpark(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5l2.2 5.3 5.3 2.2-5.3 2.2L12 18.5l-2.2-5.3-5.3-2.2 5.3-2.2z" />
    </Icon>
  );
}

/** A clock: trading within the day. */
export function IconClock(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 7.5V12l3 2" />
    </Icon>
  );
}

/** A stack of blocks: a block trade. */
export function IconBlocks(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="4" y="12" width="7" height="7" rx="1" />
      <rect x="13" y="12" width="7" height="7" rx="1" />
      <rect x="8.5" y="4.5" width="7" height="7" rx="1" />
    </Icon>
  );
}

/** Two people: following another member's trades. */
export function IconPeople(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="8.5" r="3" />
      <path d="M3.5 19a5.5 5.5 0 0 1 11 0" />
      <path d="M15.5 5.8a3 3 0 0 1 0 5.4M17 14a5.5 5.5 0 0 1 3.5 5" />
    </Icon>
  );
}
