/**
 * Row types of the database as Kysely sees it, one file per area. Booleans are integers 0/1 and
 * timestamps ISO-8601 UTC text on both SQLite and PostgreSQL (columns.ts), so one repository layer
 * serves both without casts. A migration that adds a table adds its row type to its area's file.
 */
import type { AccountTables } from './accounts'
import type { ActivityTables } from './activities'
import type { ChatTables } from './chat'
import type { ContentTables } from './content'
import type { DictionaryTables } from './dictionary'
import type { EngagementTables } from './engagement'
import type { SiteTables } from './site'
import type { SystemTables } from './system'
import type { AnalysisTables } from './analysis'
import type { RaffleTables } from './raffles'
import type { NotificationTables } from './notifications'
import type { AuditTables } from './audit'

export type DB = AccountTables & ActivityTables & ContentTables & DictionaryTables & SiteTables & EngagementTables & ChatTables & SystemTables & AnalysisTables & RaffleTables & NotificationTables & AuditTables

export * from './columns'
export * from './accounts'
export * from './activities'
export * from './content'
export * from './dictionary'
export * from './site'
export * from './engagement'
export * from './system'
export * from './chat'
export * from './analysis'
export * from './raffles'
export * from './notifications'
export * from './audit'
