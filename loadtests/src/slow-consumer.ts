// A client that subscribes and then stops reading: a phone in a tunnel whose TCP connection
// stays up. It speaks just enough WebSocket and Engine.IO over a raw TCP socket to subscribe,
// then pauses the socket, so the kernel buffers fill and whatever the server queues after that
// stays in the server's memory. It keeps answering heartbeats blind, so the server has no reason
// to drop it except its own limits.
import { randomBytes } from "node:crypto";
import net from "node:net";

/** Engine.IO drops a socket that has not answered a ping within pingInterval + pingTimeout (45 s). */
const pongEveryMs = 10_000;
const handshakeTimeoutMs = 30_000;

export interface SlowConsumer {
  /** Closes the connection; says whether the server had closed it first. */
  close(): Promise<{ closedByServer: boolean }>;
}

function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length;
  if (length > 0xffff) throw new Error("frame too large for this client");
  const header =
    length < 126
      ? Buffer.from([0x81, 0x80 | length])
      : Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff]);
  const mask = randomBytes(4);
  for (let index = 0; index < length; index += 1) {
    payload[index] = (payload[index] as number) ^ (mask[index % 4] as number);
  }
  return Buffer.concat([header, mask, payload]);
}

/** Text frames in `buffer` from `offset`, and where the first incomplete one starts. */
function readFrames(buffer: Buffer, offset: number): { texts: string[]; rest: number } {
  const texts: string[] = [];
  let at = offset;
  while (buffer.length - at >= 2) {
    const opcode = (buffer[at] as number) & 0x0f;
    let length = (buffer[at + 1] as number) & 0x7f;
    let headerLength = 2;
    if (length === 126) {
      if (buffer.length - at < 4) break;
      length = buffer.readUInt16BE(at + 2);
      headerLength = 4;
    } else if (length === 127) {
      if (buffer.length - at < 10) break;
      length = Number(buffer.readBigUInt64BE(at + 2));
      headerLength = 10;
    }
    if (buffer.length - at < headerLength + length) break;
    if (opcode === 1) texts.push(buffer.toString("utf8", at + headerLength, at + headerLength + length));
    at += headerLength + length;
  }
  return { texts, rest: at };
}

export function openSlowConsumer(url: string, topics: string[]): Promise<SlowConsumer> {
  const target = new URL(url);
  const socket = net.connect(Number(target.port), target.hostname);
  let closedByServer = false;
  socket.on("close", () => {
    closedByServer = true;
  });
  socket.on("error", () => {
    closedByServer = true;
  });
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    let upgraded = false;
    const timeout = setTimeout(() => {
      socket.destroy();
      reject(new Error("slow consumer: no subscribe ack"));
    }, handshakeTimeoutMs);
    socket.on("connect", () => {
      socket.write(
        `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${target.host}\r\n` +
          `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\n\r\n`,
      );
    });
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!upgraded) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end < 0) return;
        if (!buffer.toString("latin1", 0, end).startsWith("HTTP/1.1 101")) {
          reject(new Error(`slow consumer: upgrade refused: ${buffer.toString("latin1", 0, end)}`));
          return;
        }
        upgraded = true;
        buffer = buffer.subarray(end + 4);
      }
      const { texts, rest } = readFrames(buffer, 0);
      buffer = buffer.subarray(rest);
      for (const text of texts) {
        // Engine.IO open is `0{...}`; Socket.IO's connect is `40`, answered by `40{"sid":...}`.
        if (text.startsWith("0{")) socket.write(maskedTextFrame("40"));
        else if (text.startsWith("40")) {
          socket.write(maskedTextFrame(`421${JSON.stringify(["subscribe", { topics }])}`));
        } else if (text.startsWith("431")) {
          // Subscribed: from now on nothing is read.
          clearTimeout(timeout);
          socket.off("data", onData);
          socket.pause();
          const pong = setInterval(() => {
            if (!socket.destroyed) socket.write(maskedTextFrame("3"));
          }, pongEveryMs);
          resolve({
            close: () => {
              clearInterval(pong);
              return drainAndClose(socket, () => closedByServer);
            },
          });
          return;
        }
      }
    };
    socket.on("data", onData);
  });
}

/** Reads what is left for a moment: a connection the server closed ends once drained. */
async function drainAndClose(
  socket: net.Socket,
  closed: () => boolean,
): Promise<{ closedByServer: boolean }> {
  if (!closed()) {
    const ended = new Promise<void>((resolve) => socket.once("end", resolve));
    socket.on("data", () => {});
    socket.resume();
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  }
  const closedByServer = closed() || socket.readableEnded;
  socket.destroy();
  return { closedByServer };
}
