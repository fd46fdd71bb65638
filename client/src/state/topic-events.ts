import type { Update } from "@kabuto/shared/protocol/socket";
import { useEffect, useRef } from "react";
import { acquireTopic, listenTopic } from "./socket.ts";

/**
 * Calls `onChange` for every event on a private event topic (`account`, `staff:support`) and
 * whenever the topic is granted afresh (a first subscription, a reconnect), when events may
 * have been missed: a screen that re-reads over HTTP on each call is never behind. `enabled`
 * false holds nothing (signed out).
 */
export function useTopicEvents(topic: string, enabled: boolean, onChange: (update?: Update) => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!enabled) return undefined;
    const stopListening = listenTopic(topic, {
      update: (update) => latest.current(update),
      granted: () => latest.current(),
    });
    const release = acquireTopic(topic);
    return () => {
      stopListening();
      release();
    };
  }, [topic, enabled]);
}
