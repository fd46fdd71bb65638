import type { Socket } from "socket.io";
import * as ws from "ws";
import type { Packet } from "./frames.ts";

/**
 * The one module that reaches past Socket.IO into Engine.IO and ws. The writer uses it to send
 * prebuilt frames and to see a stalled consumer, as Socket.IO's own broadcasts do; what it
 * touches is internal to those libraries, so a Socket.IO or ws upgrade is checked here alone
 * (the gateway tests exercise every function).
 */

type WebSocketFrame = Buffer[];

/** Engine.IO's send options as its websocket transport reads them; its types leave them out. */
export interface SendOptions {
  wsPreEncodedFrame: WebSocketFrame;
}

/** ws's own framing, which it exports but its types leave out; Socket.IO's broadcasts use it too. */
const frameWebSocket = (
  ws as unknown as {
    Sender: {
      frame(
        data: Buffer,
        options: { readOnly: boolean; mask: boolean; rsv1: boolean; opcode: number; fin: boolean },
      ): WebSocketFrame;
    };
  }
).Sender.frame;

/**
 * The whole WebSocket frame of a packet ("4" is Engine.IO's message type), built once for all
 * the sockets due the same packet, as Socket.IO's own broadcasts do (socket.io-adapter): the
 * websocket transport then writes it as it is.
 */
function webSocketFrameOf(packet: string): WebSocketFrame {
  return frameWebSocket(Buffer.from(`4${packet}`), {
    readOnly: false,
    mask: false,
    rsv1: false,
    opcode: 1,
    fin: true,
  });
}

/** Gives a packet its prebuilt WebSocket frame (once), for a packet due to several sockets. */
export function withFrame(packet: Packet): Packet {
  packet.options ??= { wsPreEncodedFrame: webSocketFrameOf(packet.text) };
  return packet;
}

/**
 * Packets engine.io holds for a socket because its transport is still busy with earlier ones.
 * engine.io keeps this in `writeBuffer`, which its types mark private; it is the only measure
 * of a stalled consumer it offers (there is no public bufferedAmount on the Socket.IO socket).
 */
export function queuedFrames(socket: Pick<Socket, "conn">): number {
  return (socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length;
}

/**
 * Writes a packet straight to the socket's Engine.IO connection, as Socket.IO's broadcasts do.
 * Returns whether it was written (not if the connection is closing).
 */
export function writePacket(socket: Pick<Socket, "conn">, packet: Packet): boolean {
  if (socket.conn.readyState !== "open") return false;
  // Engine.IO's types leave out the option its own websocket transport reads.
  socket.conn.write(packet.text, packet.options as object | undefined);
  return true;
}

/** Calls `drained` once the socket's Engine.IO connection has written everything it held. */
export function onceDrained(socket: Pick<Socket, "conn">, drained: () => void): void {
  socket.conn.once("drain", drained);
}
