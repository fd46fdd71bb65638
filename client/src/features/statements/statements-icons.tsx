import { Icon, type IconProps } from "../../app/icons.tsx";

/** A page with a downward arrow: a statement to download. */
export function IconStatement(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 3.5h8l4 4v13H6z" />
      <path d="M14 3.5v4h4M12 10.5v6M9.5 14l2.5 2.5 2.5-2.5" />
    </Icon>
  );
}
