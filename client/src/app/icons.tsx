import type { SVGProps } from "react";

/** Line icons on a 24-unit grid, drawn with the current text colour; decorative unless labelled by their button. */
export type IconProps = SVGProps<SVGSVGElement>;

/** The frame every icon is drawn in; features with icons of their own draw them in it too. */
export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function IconHome(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 10.5 12 3.5l8.5 7" />
      <path d="M5.5 9v11h13V9" />
      <path d="M10 20v-5.5h4V20" />
    </Icon>
  );
}

export function IconQuotes(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 19.5h16" />
      <path d="M6 13v3.5M6 7v2.5" />
      <rect x="4.5" y="9.5" width="3" height="3.5" rx="0.5" />
      <path d="M12 10v6.5M12 4v2" />
      <rect x="10.5" y="6" width="3" height="4" rx="0.5" />
      <path d="M18 12v4.5M18 5.5V8" />
      <rect x="16.5" y="8" width="3" height="4" rx="0.5" />
    </Icon>
  );
}

/** Two people: the Follow tab, following another member's trades. */
export function IconFollow(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="8.5" r="3" />
      <path d="M3.5 19a5.5 5.5 0 0 1 11 0" />
      <path d="M15.5 5.8a3 3 0 0 1 0 5.4M17 14a5.5 5.5 0 0 1 3.5 5" />
    </Icon>
  );
}

export function IconMine(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8.5" r="4" />
      <path d="M4.5 20.5c.8-4 3.8-6 7.5-6s6.7 2 7.5 6" />
    </Icon>
  );
}

export function IconSearch(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </Icon>
  );
}

export function IconBack(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M15 4.5 7.5 12l7.5 7.5" />
    </Icon>
  );
}

export function IconChevron(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m9.5 5.5 6.5 6.5-6.5 6.5" />
    </Icon>
  );
}

export function IconStar({ filled, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Icon {...props} fill={filled ? "currentColor" : "none"}>
      <path d="m12 3.8 2.5 5.1 5.6.8-4 4 .9 5.6-5-2.7-5 2.7.9-5.6-4-4 5.6-.8z" />
    </Icon>
  );
}

export function IconGlobe(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.3 2.4 3.4 5.2 3.4 8.5s-1.1 6.1-3.4 8.5c-2.3-2.4-3.4-5.2-3.4-8.5S9.7 5.9 12 3.5z" />
    </Icon>
  );
}

export function IconCopy(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
      <path d="M15.5 8.5V6a1.5 1.5 0 0 0-1.5-1.5H6A1.5 1.5 0 0 0 4.5 6v8A1.5 1.5 0 0 0 6 15.5h2.5" />
    </Icon>
  );
}

export function IconClose(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m6 6 12 12M18 6 6 18" />
    </Icon>
  );
}

export function IconHistory(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3L4.5 9" />
      <path d="M4.5 4.5V9H9" />
      <path d="M12 8v4.5l3 1.8" />
    </Icon>
  );
}

export function IconLogout(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 4.5H6.5a1.5 1.5 0 0 0-1.5 1.5v12a1.5 1.5 0 0 0 1.5 1.5H14" />
      <path d="M10.5 12h10M17 8.5l3.5 3.5-3.5 3.5" />
    </Icon>
  );
}

export function IconTicket(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7.5A1.5 1.5 0 0 1 5.5 6h13A1.5 1.5 0 0 1 20 7.5V10a2 2 0 0 0 0 4v2.5a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 16.5V14a2 2 0 0 0 0-4z" />
      <path d="M14 6.5v11" strokeDasharray="1.5 2" />
    </Icon>
  );
}

/** Two opposite arrows: buying and selling. */
export function IconTrade(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 8.5h13.5M14.5 5l3.5 3.5-3.5 3.5" />
      <path d="M19.5 15.5H6M9.5 12 6 15.5 9.5 19" />
    </Icon>
  );
}

export function IconPlus(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 5v14M5 12h14" />
    </Icon>
  );
}

export function IconMinus(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12h14" />
    </Icon>
  );
}

/** A statement: the fund records. */
export function IconReceipt(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 3.5h12v17l-2-1.3-2 1.3-2-1.3-2 1.3-2-1.3-2 1.3z" />
      <path d="M9 8h6M9 11.5h6M9 15h3.5" />
    </Icon>
  );
}

/** The brand mark: a kabuto helmet's crest (kuwagata) over its bowl. */
export function KabutoMark(props: IconProps) {
  return (
    <svg viewBox="0 0 48 48" width="1em" height="1em" aria-hidden="true" focusable="false" {...props}>
      <rect width="48" height="48" rx="12" fill="var(--brand)" />
      <path d="M12 9c1 7 4.5 11.5 12 13 7.5-1.5 11-6 12-13-3 5-7 7.5-12 8-5-.5-9-3-12-8z" fill="#fff" />
      <path d="M10 34c0-7.5 6.3-12 14-12s14 4.5 14 12z" fill="#fff" />
      <path d="M7 34.5h34l-3.5 5H10.5z" fill="#fff" opacity="0.85" />
      <circle cx="24" cy="27.5" r="2.2" fill="var(--brand)" />
    </svg>
  );
}
