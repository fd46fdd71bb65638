import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { PushMessage } from "../push/push-text.ts";

/** A push that reached the test's push service. */
export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service of the test's own on loopback, and every push it was sent. */
export interface TestPushService {
  /** `http://127.0.0.1:port`: what `PUSH_SERVICES` must name for subscriptions to it. */
  origin: string;
  deliveries: Delivery[];
  close(): Promise<void>;
}

/**
 * Starts the test's push service: it keeps every push and answers as its path says, as a real one
 * does for a subscription that is gone (`/gone…`, 410) or while it is failing (`/broken…`, 500).
 */
export function startPushService(): Promise<TestPushService> {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "";
      deliveries.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = path.startsWith("/gone") ? 410 : path.startsWith("/broken") ? 500 : 201;
      response.end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        deliveries,
        close: () => new Promise((closed) => server.close(() => closed())),
      }),
    ),
  );
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
  };
}

/** Opens an aes128gcm push (RFC 8291) as the browser would, with its private key and auth secret. */
export function decrypt(body: Buffer, browser: ReturnType<typeof browserKeys>): PushMessage {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = browser.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync("sha256", secret, browser.auth, info, 32));
  const key = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with a 0x02 delimiter and any zero padding.
  const end = padded.lastIndexOf(2);
  return JSON.parse(padded.subarray(0, end).toString("utf8")) as PushMessage;
}
