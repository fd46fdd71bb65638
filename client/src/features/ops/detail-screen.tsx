import type { CallInput, EndpointResponse, EndpointSpec } from "@kabuto/shared/endpoint";
import type { ReactNode } from "react";
import { useEndpoint } from "../../lib/queries.ts";
import { AuditTrail, useAuditTrail } from "./evidence.tsx";
import { Loaded, OpsPage } from "./parts.tsx";

/**
 * The screen of one request or member: read through the query cache by its declared endpoint,
 * and read again (with its audit trail) after each action, which changes the console's tag; the
 * facts in the main column, decisions and history in the side column, the audit trail last.
 */
export function DetailScreen<Spec extends EndpointSpec>({
  spec,
  input,
  title,
  back,
  target,
  main,
  side,
}: {
  /** The declared read of the request, and its input (the request's id in the path). */
  spec: Spec;
  input: CallInput<Spec>;
  title: ReactNode;
  /** The list the screen belongs to. */
  back: { href: string; label: ReactNode };
  /** Its name in the audit log, such as `deposit:12`. */
  target: string;
  main: (value: EndpointResponse<Spec>) => ReactNode;
  side: (value: EndpointResponse<Spec>) => ReactNode;
}) {
  const state = useEndpoint(spec, input);
  const trail = useAuditTrail(target);
  return (
    <OpsPage title={title} back={back}>
      <Loaded state={state} retry={state.reload}>
        {(value) => (
          <div className="ops-columns">
            <div className="ops-stack">{main(value)}</div>
            <div className="ops-stack">
              {side(value)}
              <AuditTrail target={target} entries={trail} />
            </div>
          </div>
        )}
      </Loaded>
    </OpsPage>
  );
}
