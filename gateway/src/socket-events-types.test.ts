import type {
  ClientToServerEvents,
  Hello,
  ServerToClientEvents,
  SubscribeAck,
  UnsubscribeAck,
  Update,
} from "@kabuto/shared/protocol/socket";
import type { Socket as ClientSocket } from "socket.io-client";
import { describe, expectTypeOf, it } from "vitest";
import type { GatewaySocket } from "./gateway.ts";

// Compile-time tests of the Socket.IO event maps from shared, as the gateway's server and the
// client's socket use them: `tsc -b` fails if a misuse below compiles (each `@ts-expect-error`
// must meet an error).

type ServerSocket = GatewaySocket;
type AppSocket = ClientSocket<ServerToClientEvents, ClientToServerEvents>;

/** Misuse that must not compile; never called. */
function misuse(server: ServerSocket, client: AppSocket, updates: Update[]): void {
  // @ts-expect-error no such event from the server
  server.emit("update", updates);
  // @ts-expect-error a frame is a list of updates
  server.emit("updates", updates[0]);
  // @ts-expect-error hello carries the protocol version
  server.emit("hello", { epoch: "e" });
  // @ts-expect-error no such event from the client
  client.emit("subscibe", { topics: [] }, () => undefined);
  // @ts-expect-error a subscribe is answered with snapshots and errors, not with ok
  client.emit("subscribe", { topics: [] }, (ack: UnsubscribeAck) => ack.ok);
  server.on("subscribe", (_request, ack) => {
    // @ts-expect-error the gateway must answer a subscribe with snapshots and errors
    ack({ ok: true });
  });
  // @ts-expect-error the socket keeps the member and session of its handshake, nothing else
  server.data.role = "admin";
}

describe("the Socket.IO events of the protocol", () => {
  it("type both ends from one declaration", () => {
    expectTypeOf<ServerSocket["data"]["memberId"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Parameters<ServerToClientEvents["hello"]>[0]>().toEqualTypeOf<Hello>();
    expectTypeOf<
      Parameters<Parameters<ClientToServerEvents["subscribe"]>[1]>[0]
    >().toEqualTypeOf<SubscribeAck>();
    expectTypeOf(misuse).toBeFunction();
  });
});
