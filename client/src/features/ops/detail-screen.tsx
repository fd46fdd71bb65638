import type { ReactNode } from "react";
import { useAsync } from "../../lib/use-async.ts";
import { AuditTrail, useAuditTrail } from "./evidence.tsx";
import { Loaded, OpsPage, useReload } from "./parts.tsx";

/** What the columns of a detail screen get besides the loaded value. */
export interface Detail {
  /** Bumped by each reload: a form keyed on it starts again from the new value. */
  version: number;
  /** Loads the value (and its audit trail) again, after an action changed it. */
  reload: () => void;
}

/**
 * The screen of one request or member: loaded by its id, and again after each action; the
 * facts in the main column, decisions and history in the side column, the audit trail last.
 */
export function DetailScreen<T>({
  id,
  load,
  title,
  back,
  target,
  main,
  side,
}: {
  id: string;
  load: (id: string) => Promise<T>;
  title: ReactNode;
  /** The list the screen belongs to. */
  back: { href: string; label: ReactNode };
  /** Its name in the audit log, such as `deposit:12`. */
  target: string;
  main: (value: T, detail: Detail) => ReactNode;
  side: (value: T, detail: Detail) => ReactNode;
}) {
  const [version, reload] = useReload();
  const state = useAsync(`${target}#${version}`, () => load(id));
  const trail = useAuditTrail(target, version);
  const detail: Detail = { version, reload };
  return (
    <OpsPage title={title} back={back}>
      <Loaded state={state} retry={reload}>
        {(value) => (
          <div className="ops-columns">
            <div className="ops-stack">{main(value, detail)}</div>
            <div className="ops-stack">
              {side(value, detail)}
              <AuditTrail target={target} entries={trail} />
            </div>
          </div>
        )}
      </Loaded>
    </OpsPage>
  );
}
