/**
 * The helpdesk settings operations edit (alert delay, concurrent-conversation limit, business hours),
 * one JSON document in site_settings under HELPDESK_SETTINGS_KEY. Read through a short cache: routing
 * reads the limit on every assignment; a change made on another instance is seen within CACHE_MS.
 */
import type { Database } from '../../db/database'
import type { Clock } from '../../lib/clock'
import { HELPDESK_DEFAULTS, type BusinessHours, type HelpdeskSettings } from '@contracts/helpdesk'

export const HELPDESK_SETTINGS_KEY = 'helpdesk_settings'
const CACHE_MS = 2000

function merge(raw: unknown): HelpdeskSettings {
  const r = raw && typeof raw === 'object' ? (raw as Partial<HelpdeskSettings>) : {}
  const hours: Partial<BusinessHours> = r.hours && typeof r.hours === 'object' ? r.hours : {}
  return {
    alertMinutes: Number.isInteger(r.alertMinutes) ? r.alertMinutes! : HELPDESK_DEFAULTS.alertMinutes,
    maxConcurrent: Number.isInteger(r.maxConcurrent) ? r.maxConcurrent! : HELPDESK_DEFAULTS.maxConcurrent,
    hours: {
      timeZone: typeof hours.timeZone === 'string' ? hours.timeZone : HELPDESK_DEFAULTS.hours.timeZone,
      weekly: Array.isArray(hours.weekly) ? hours.weekly : [],
      holidays: Array.isArray(hours.holidays) ? hours.holidays : [],
      alwaysOpen: typeof hours.alwaysOpen === 'boolean' ? hours.alwaysOpen : HELPDESK_DEFAULTS.hours.alwaysOpen,
    },
  }
}

export class HelpdeskSettingsStore {
  private cached: { at: number; value: HelpdeskSettings } | null = null

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async get(fresh = false): Promise<HelpdeskSettings> {
    const now = Date.now()
    if (!fresh && this.cached && now - this.cached.at < CACHE_MS) return this.cached.value
    const row = await this.db.selectFrom('site_settings').select('value').where('key', '=', HELPDESK_SETTINGS_KEY).executeTakeFirst()
    let parsed: unknown = null
    try {
      parsed = row ? JSON.parse(row.value) : null
    } catch {
      parsed = null
    }
    const value = merge(parsed)
    this.cached = { at: now, value }
    return value
  }

  async save(value: HelpdeskSettings): Promise<HelpdeskSettings> {
    const now = this.clock.now().toISOString()
    const json = JSON.stringify(value)
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('site_settings').where('key', '=', HELPDESK_SETTINGS_KEY).execute()
      await trx.insertInto('site_settings').values({ key: HELPDESK_SETTINGS_KEY, value: json, updated_at: now }).execute()
    })
    this.cached = null
    return this.get(true)
  }

  /** forget the cached copy (tests that change the row directly) */
  invalidate() {
    this.cached = null
  }
}
