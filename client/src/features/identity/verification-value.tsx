import { authApi } from "@kabuto/shared/endpoints/auth";
import { useLingui } from "@lingui/react/macro";
import { useEndpoint } from "../../lib/queries.ts";
import { verificationLabels } from "./identity-parts.tsx";

/** Mine's verification row: where the member's real-name verification stands. */
export function VerificationValue() {
  const { i18n } = useLingui();
  const me = useEndpoint(authApi.me, {});
  if (me.status === "loading") return <span className="skeleton" />;
  if (me.status === "error") return null;
  return <span className="menu__value">{i18n._(verificationLabels[me.value.verification])}</span>;
}
