import { Icon, type IconProps } from "../../app/icons.tsx";

/** A calendar page with a coin on it: the dividend calendar. */
export function IconDividend(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 9.5h17M8 3v4M16 3v4" />
      <circle cx="12" cy="14.75" r="2.75" />
    </Icon>
  );
}
