/**
 * The check-in view's device state, without React (jest covers it directly): the device id and the
 * nonce every scan carries, the offline queue of scans kept in localStorage per activity ("saved, not yet
 * sent") until the network returns, and what each answer looks like (tone, sound, words).
 *
 * Why nonces: a batch that reached the server but whose answer was lost is sent again; the server answers
 * the first result for a nonce it has seen and counts nothing twice (contracts/ticket.ts).
 */
import type { CheckinResultKind } from '@contracts/ticket'
import { CHECKIN_BATCH_MAX } from '@contracts/ticket'
import { timeZoneMinutes } from '@contracts/admin-activity'
import { wallText } from '../activity/time'

export interface QueuedScan {
  code: string
  nonce: string
  scannedAt: string
}

/** the part of Storage the queue uses (window.localStorage in the browser, a Map in tests) */
export interface KeyValueStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** `length` characters of [A-Za-z0-9] from the browser's random source */
export function randomId(length = 20, random: (n: number) => Uint8Array = cryptoBytes): string {
  const bytes = random(length)
  let out = ''
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i] % ALPHABET.length]
  return out
}

function cryptoBytes(n: number): Uint8Array {
  const b = new Uint8Array(n)
  globalThis.crypto.getRandomValues(b)
  return b
}

const DEVICE_KEY = 'hj.checkin.device'
const queueKey = (activityId: number) => `hj.checkin.queue.${activityId}`

/** this browser's scanner id (kept; the log says which device scanned) */
export function deviceId(store: KeyValueStore, make: () => string = () => randomId(16)): string {
  const kept = store.getItem(DEVICE_KEY)
  if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept
  const id = make()
  store.setItem(DEVICE_KEY, id)
  return id
}

/** The scans of one activity not yet sent, oldest first, kept across reloads. */
export class ScanQueue {
  constructor(
    private readonly store: KeyValueStore,
    readonly activityId: number,
  ) {}

  list(): QueuedScan[] {
    try {
      const raw = this.store.getItem(queueKey(this.activityId))
      const parsed = raw ? (JSON.parse(raw) as unknown) : []
      return Array.isArray(parsed) ? parsed.filter((s): s is QueuedScan => !!s && typeof s.code === 'string' && typeof s.nonce === 'string' && typeof s.scannedAt === 'string') : []
    } catch {
      return []
    }
  }

  get size(): number {
    return this.list().length
  }

  add(scan: QueuedScan): void {
    const all = this.list()
    if (all.some((s) => s.nonce === scan.nonce)) return
    this.write([...all, scan])
  }

  /** the next batch to send (the server takes at most CHECKIN_BATCH_MAX) */
  next(max = CHECKIN_BATCH_MAX): QueuedScan[] {
    return this.list().slice(0, max)
  }

  /** drop the scans the server answered */
  remove(nonces: Iterable<string>): void {
    const gone = new Set(nonces)
    this.write(this.list().filter((s) => !gone.has(s.nonce)))
  }

  private write(list: QueuedScan[]): void {
    if (list.length) this.store.setItem(queueKey(this.activityId), JSON.stringify(list))
    else this.store.removeItem(queueKey(this.activityId))
  }
}

/** What the banner shows: checked in (green), already (amber), refused (red), saved offline (blue). */
export type ScanTone = 'ok' | 'warn' | 'bad' | 'queued'

export function toneOf(kind: CheckinResultKind | 'queued'): ScanTone {
  if (kind === 'checked_in') return 'ok'
  if (kind === 'already') return 'warn'
  if (kind === 'queued') return 'queued'
  return 'bad'
}

/** the banner's first line (translation key under adm.checkin.result) */
export const resultKey = (kind: CheckinResultKind | 'queued') => `adm.checkin.result.${kind}`

/**
 * A scan's time as HH:MM in the activity's zone ('UTC+08:00'), whatever the device's zone (a phone
 * set to another zone, or staff checking in remotely, read the room's clock); the device's zone only
 * when the activity's is unknown.
 */
export function hhmm(iso: string | null | undefined, zone?: string | null): string {
  if (!iso) return ''
  if (timeZoneMinutes(zone) !== null) return wallText(iso, zone)?.slice(11, 16) ?? ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}

/**
 * A failure that means "no network" rather than an answer: no HTTP status (offline, timeout, refused
 * connection) or a gateway/server error. The scan is kept and sent later; any envelope answer is final.
 */
export function isOffline(err: unknown, online: boolean): boolean {
  if (!online) return true
  const status = (err as { status?: number; statusCode?: number } | null)?.status ?? (err as { statusCode?: number } | null)?.statusCode
  return status === undefined || status === 0 || status >= 500
}

/** the code as typed or scanned, trimmed (the server normalises case, spaces and dashes) */
export function cleanCode(raw: string): string {
  return raw.trim().slice(0, 512)
}
