import type { Socket } from "socket.io";
import { onceDrained, queuedFrames, withFrame, writePacket } from "./engine-io.ts";
import { type Outgoing, type Packet, packetOf } from "./frames.ts";
import type { TopicHolder, TopicTable } from "./topic-table.ts";

/**
 * Frames a socket may have queued (written by us, not yet taken by the network) before it
 * counts as behind. A healthy phone takes each frame before the writer comes round again, so it
 * is at 0–2; 8 means its network stalled for a noticeable moment, and until its writes drain it
 * is left out of the queue and its topics keep only their newest state.
 */
const queuedFramesMax = 8;
/**
 * Account events waiting for a socket's next frame (it is behind, or the writer has yet to get
 * round to it). Events cannot be conflated; past this many the socket is disconnected, and on
 * reconnecting the client re-reads its account.
 */
const backlogEventsMax = 256;
/**
 * How long the writer writes before it lets the event loop read the bus and the sockets. Short
 * enough that a subscribe, a ping or the next updates wait no more than this; long enough that
 * a slice writes hundreds of frames between turns.
 */
const writerSliceMs = 5;

/** The gateway's side of a socket. */
export interface Holder extends TopicHolder<Holder> {
  socket: Pick<Socket, "conn" | "disconnect">;
  /** Account events not yet written, in order. */
  events: Outgoing[];
  queued: boolean;
  /** Its writes backed up: out of the queue until they drain. */
  behind: boolean;
  closed: boolean;
}

export function newHolder(socket: Holder["socket"]): Holder {
  return { socket, topics: [], sent: [], events: [], queued: false, behind: false, closed: false };
}

/** What the writer counts, kept in the gateway's stats. */
export interface WriterStats {
  framesSent: number;
  /** Bytes of the Engine.IO messages written (the WebSocket payloads). */
  bytesSent: number;
  updatesConflated: number;
  /** Sockets that fell behind and were caught up with the newest state once their writes drained. */
  socketsCaughtUp: number;
  /** Sockets whose writes backed up and are being sent only the newest state. */
  socketsBehind: number;
  /** Sockets dropped for falling too far behind on events that cannot be skipped. */
  socketsDropped: number;
}

export interface Writer {
  /** The holder has news: it joins the queue (once) and the writer runs soon. */
  notify(holder: Holder): void;
  /** An account event for the holder's next frame; a holder with too many waiting is dropped. */
  pushEvent(holder: Holder, entry: Outgoing): void;
  /** Runs the writer soon if any holder waits. */
  flushSoon(): void;
  /** The holder's socket closed: it leaves the queue and the count of sockets behind. */
  close(holder: Holder): void;
}

/**
 * Frames: a socket whose topics changed joins a queue, once however many changed; the writer
 * takes sockets from the queue in order and writes each one frame with the newest state of every
 * topic that changed since its last frame, and the account events it has not had yet. It works
 * in slices of a few milliseconds and lets the event loop read the bus between them, so a frame
 * carries what arrived up to the moment it is written. At light load a socket is written in the
 * same turn its update arrived; under load the queue is as long as the sockets with news, each
 * socket's frames come as often as the writer gets round to it and carry more in each, and the
 * cost per update falls as the load rises. The loadtests README has the measurements behind this.
 */
export function createWriter(table: TopicTable<Holder>, stats: WriterStats): Writer {
  /** Sockets with something to send, each once, in the order they got it. */
  let queue: Holder[] = [];
  let queueHead = 0;
  let writerScheduled = false;
  /** Packets shared by the sockets due the same updates within one slice of the writer. */
  let sharedPackets = new Map<string, Packet>();

  function scheduleWriter(): void {
    if (writerScheduled) return;
    writerScheduled = true;
    setImmediate(writeQueued);
  }

  function enqueue(holder: Holder): void {
    if (holder.queued || holder.behind || holder.closed) return;
    holder.queued = true;
    queue.push(holder);
  }

  function write(holder: Holder, packet: Packet): void {
    if (!writePacket(holder.socket, packet)) return;
    stats.framesSent += 1;
    stats.bytesSent += packet.bytes;
  }

  /**
   * A socket whose writes backed up is left out of the queue until they drain; meanwhile its
   * topics simply keep their newest state, and its events wait (at most `backlogEventsMax`).
   */
  function fallBehind(holder: Holder): void {
    holder.behind = true;
    stats.socketsBehind += 1;
    onceDrained(holder.socket, () => {
      if (!holder.behind) return;
      holder.behind = false;
      stats.socketsBehind -= 1;
      stats.socketsCaughtUp += 1;
      enqueue(holder);
      scheduleWriter();
    });
  }

  function packetFor(entries: Outgoing[]): Packet {
    if (entries.length === 1) {
      // A lone update is what most frames carry at light load, and it goes to every holder of
      // its topic: its frame is built once, with its first packet.
      const [entry] = entries as [Outgoing];
      entry.packet ??= withFrame(packetOf(entries));
      return entry.packet;
    }
    let key = "";
    for (const entry of entries) key += `${entry.id},`;
    const shared = sharedPackets.get(key);
    if (shared) return withFrame(shared);
    const packet = packetOf(entries);
    sharedPackets.set(key, packet);
    return packet;
  }

  /** Builds and writes one socket's frame: the newest state of each topic that changed, then its events. */
  function writeFrame(holder: Holder): void {
    const entries: Outgoing[] = [];
    stats.updatesConflated += table.takeNews(holder, entries);
    if (holder.events.length > 0) {
      entries.push(...holder.events);
      holder.events = [];
    }
    if (entries.length > 0) write(holder, packetFor(entries));
  }

  function writeQueued(): void {
    writerScheduled = false;
    const sliceEndsAt = performance.now() + writerSliceMs;
    let written = 0;
    while (queueHead < queue.length) {
      const holder = queue[queueHead] as Holder;
      queueHead += 1;
      holder.queued = false;
      if (holder.closed) continue;
      if (queuedFrames(holder.socket) >= queuedFramesMax) fallBehind(holder);
      else writeFrame(holder);
      written += 1;
      if (written % 64 === 0 && performance.now() > sliceEndsAt) break;
    }
    sharedPackets = new Map();
    if (queueHead === queue.length) {
      queue = [];
      queueHead = 0;
      return;
    }
    // Under sustained load the queue never empties: drop what was taken, so it holds at most
    // each socket once and not the history of every slice.
    queue = queue.slice(queueHead);
    queueHead = 0;
    scheduleWriter();
  }

  /** A socket too far behind on events that cannot be skipped: it reconnects and re-reads its account. */
  function dropBehind(holder: Holder): void {
    stats.socketsDropped += 1;
    holder.events = [];
    holder.socket.disconnect(true);
  }

  return {
    notify: enqueue,
    pushEvent(holder, entry) {
      holder.events.push(entry);
      if (holder.events.length > backlogEventsMax) dropBehind(holder);
      else enqueue(holder);
    },
    flushSoon() {
      if (queueHead < queue.length) scheduleWriter();
    },
    close(holder) {
      holder.closed = true;
      if (holder.behind) stats.socketsBehind -= 1;
      holder.behind = false;
    },
  };
}
