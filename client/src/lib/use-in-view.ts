import { type RefObject, useEffect, useState } from "react";

/**
 * Whether an element is on screen (or within `marginPx` of it). One shared observer serves every
 * row of a list: a quote list of a hundred rows subscribes only the dozen rows in view.
 */
const marginPx = 160;
const callbacks = new Map<Element, (visible: boolean) => void>();
let observer: IntersectionObserver | undefined;

function shared(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) callbacks.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: `${marginPx}px 0px` },
  );
  return observer;
}

export function useInView(ref: RefObject<Element | null>): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    callbacks.set(element, setVisible);
    shared().observe(element);
    return () => {
      callbacks.delete(element);
      shared().unobserve(element);
    };
  }, [ref]);
  return visible;
}
