/**
 * The primary and its workers talk over node:cluster's channel (./workers.ts, ./metrics.ts). Every message is a plain
 * object with a `type`; a request that waits for its answer carries an `id`, and its answer the same id. The two
 * pieces both sides use: the check of a message's type, and the requests still waiting, by id.
 */

/**
 * Whether `value` is the message `M` (by its `type`). Both ends of the channel are this server's own processes, so
 * a message of the right type is taken to have that type's members.
 */
export function isMessage<M extends { type: string }>(value: unknown, type: M["type"]): value is M {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === type;
}

/**
 * Requests waiting for their answer: `open` numbers one and keeps what settles it; `settle` hands an answer to the
 * request with that number once (a second answer, or one for a number never opened, is ignored); it says whether
 * the answer settled a waiting request.
 */
export class Pending<V> {
  private next = 0;
  private readonly waiting = new Map<number, (value: V) => void>();

  open(settle: (value: V) => void): number {
    const id = ++this.next;
    this.waiting.set(id, settle);
    return id;
  }

  settle(id: number, value: V): boolean {
    const settle = this.waiting.get(id);
    if (settle === undefined) return false;
    this.waiting.delete(id);
    settle(value);
    return true;
  }
}
