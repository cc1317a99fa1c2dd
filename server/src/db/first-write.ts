/**
 * A statement that must commit with the first write of the work it is attached to (SQLite). An admin
 * write's audit row rides this way: the request carries the row's insert, and the connection (the
 * wrapper in database.ts) runs it just before the request's first writing statement, in that
 * statement's transaction — the service's own transaction when it opened one, otherwise one made of the
 * two. So the row commits with the action or not at all, and costs the write no commit or trip through
 * the connection queue of its own.
 *
 * The work is the async context `carryToFirstWrite` runs (a request's handler and everything it awaits).
 * The insert must be idempotent (`on conflict do nothing`): a savepoint rolled back may or may not have
 * held it, so it is run again at the next write. What the work never writes (an action that changed
 * nothing, or whose transaction rolled back) the carrier's owner writes itself afterwards (`state`
 * tells).
 */
import { AsyncLocalStorage } from 'node:async_hooks'

export class FirstWrite {
  /**
   * waiting: not written (yet, or again after a rollback); open: written inside a transaction not yet
   * committed; done: committed with a write, or taken back by its owner
   */
  state: 'waiting' | 'open' | 'done' = 'waiting'
  constructor(
    readonly sql: string,
    readonly parameters: readonly unknown[],
  ) {}

  /** written with a write: committed with it (done), or inside a transaction still open */
  written(inTransaction: boolean) {
    this.state = inTransaction ? 'open' : 'done'
  }

  /**
   * `sqlText` ran on the connection: when it ended the transaction holding the insert, a commit keeps it
   * (done), a rollback, whole or to a savepoint, does not (waiting: the next write carries it again)
   */
  ran(sqlText: string) {
    if (this.state !== 'open') return
    if (COMMIT.test(sqlText)) this.state = 'done'
    else if (ROLLBACK.test(sqlText)) this.state = 'waiting'
  }

  /** its owner writes it itself (nothing carried it): no statement carries it any more */
  takeBack() {
    this.state = 'done'
  }
}

/** a transaction's end: its commit (what it wrote stays) or its rollback, whole or to a savepoint */
export const COMMIT = /^\s*(commit|end)\b/i
export const ROLLBACK = /^\s*rollback\b/i

const carried = new AsyncLocalStorage<FirstWrite>()

/** runs `fn` (and what it starts) carrying `fw` to its first write */
export function carryToFirstWrite<T>(fw: FirstWrite, fn: () => T): T {
  return carried.run(fw, fn)
}

/** runs `fn` carrying nothing (work a request starts that is not its own: a timer's batch move) */
export function outsideFirstWrite<T>(fn: () => T): T {
  return carried.exit(fn)
}

/** the carrier of the work running now, unless it has nothing left to carry */
export function pendingFirstWrite(): FirstWrite | undefined {
  const fw = carried.getStore()
  return fw && fw.state !== 'done' ? fw : undefined
}
