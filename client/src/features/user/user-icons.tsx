import { Icon, type IconProps } from "../../app/icons.tsx";

/** The Mine tab's own line icons, in the app's icon frame (app/icons.tsx). */

/** Money going in: an arrow down into a tray. */
export function IconDeposit(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5v11M7.5 10l4.5 4.5 4.5-4.5" />
      <path d="M4.5 14.5v4a1.5 1.5 0 0 0 1.5 1.5h12a1.5 1.5 0 0 0 1.5-1.5v-4" />
    </Icon>
  );
}

/** Money going out: an arrow up out of a tray. */
export function IconWithdraw(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 14.5v-11M7.5 8 12 3.5 16.5 8" />
      <path d="M4.5 14.5v4a1.5 1.5 0 0 0 1.5 1.5h12a1.5 1.5 0 0 0 1.5-1.5v-4" />
    </Icon>
  );
}

/** An identity card: real-name verification. */
export function IconIdCard(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
      <circle cx="9" cy="11" r="2" />
      <path d="M6 15.5c.5-1.5 1.6-2.2 3-2.2s2.5.7 3 2.2M14.5 10h3.5M14.5 13.5h3.5" />
    </Icon>
  );
}

/** A shield: settings and security. */
export function IconShield(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5 19 6v5.5c0 4.3-2.9 7.5-7 9-4.1-1.5-7-4.7-7-9V6z" />
      <path d="m9 12 2.2 2.2L15.5 10" />
    </Icon>
  );
}

/** A circled "i": about this app. */
export function IconInfo(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 11v5.5M12 7.5v.5" />
    </Icon>
  );
}

/** Coins on a hand: credit loans. */
export function IconCredit(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="14.5" cy="7.5" r="3.5" />
      <path d="M14.5 6v3M3.5 14.5h3l3.5 2h4.5a1.5 1.5 0 0 0 0-3H11" />
      <path d="M6.5 12.5 9 11h2l5.5 0 3-2.5" />
      <path d="M3.5 19.5h3l3-1.5 6.5.5 4-4" />
    </Icon>
  );
}
