import type { Update } from "@kabuto/shared/protocol/socket";
import type { SendOptions } from "./engine-io.ts";

/** An update ready to leave: encoded once, however many sockets receive it. */
export interface Outgoing {
  /** Names the update among the gateway's, so frames of the same updates can share a packet. */
  id: number;
  update: Update;
  json: string;
  /** UTF-8 bytes of `json`. */
  bytes: number;
  /** The packet of a frame carrying this update alone, once some socket needed one. */
  packet?: Packet;
}

/** A packet's text and, once it is known to go to several sockets, its WebSocket frame. */
export interface Packet {
  text: string;
  /** The Engine.IO message's bytes: "4" and the packet in UTF-8. */
  bytes: number;
  /** Engine.IO's send options carrying the prebuilt frame (engine-io.ts). */
  options?: SendOptions;
}

/** Encodes updates, each once, numbering them so packets of the same updates can be shared. */
export function createEncoder(): (update: Update) => Outgoing {
  let nextId = 0;
  return (update) => {
    const json = JSON.stringify(update);
    return { id: nextId++, update, json, bytes: Buffer.byteLength(json) };
  };
}

/**
 * The Socket.IO packet of an `updates` event in the default namespace, built from updates that
 * are already JSON. This is what `socket.emit("updates", frame)` would encode, without encoding
 * each update again for every socket that receives it: at a busy open a socket's frame carries
 * ten full quotes, and re-encoding them per socket was most of the gateway's work.
 */
export function packetOf(entries: readonly Outgoing[]): Packet {
  const head = '2["updates",[';
  let text = head;
  // "4", the head, a comma between updates and "]]": all ASCII, a byte each.
  let bytes = 1 + head.length + 2;
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index] as Outgoing;
    if (index > 0) {
      text += ",";
      bytes += 1;
    }
    text += entry.json;
    bytes += entry.bytes;
  }
  return { text: `${text}]]`, bytes };
}
