import { Icon, type IconProps } from "../../app/icons.tsx";

/** A bell: price alerts. */
export function IconBell(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6.5 16.5V11a5.5 5.5 0 0 1 11 0v5.5l1.5 2h-14z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </Icon>
  );
}
