/**
 * Static migration list (no directory scanning, so it works the same under tsx, jest and bundlers).
 * Add new dated files at the end; never edit a landed one.
 */
import type { Migration } from 'kysely'
import * as foundation from './2026-11-22-0001-foundation'
import * as content from './2026-11-22-0002-content'
import * as enrollment from './2026-11-22-0003-enrollment'
import * as participation from './2026-11-22-0004-participation'
import * as wechat from './2026-11-22-0005-wechat'
import * as chat from './2026-11-22-0006-chat'
import * as engagement from './2026-11-22-0007-engagement'
import * as adminSystem from './2026-11-22-0008-admin-system'
import * as adminDictionary from './2026-11-22-0009-admin-dictionary'
import * as adminCms from './2026-11-22-0010-admin-cms'
import * as adminSite from './2026-11-22-0011-admin-site'
import * as adminActivity from './2026-11-22-0012-admin-activity'
import * as adminEnrollment from './2026-11-22-0013-admin-enrollment'
import * as analysis from './2026-11-24-0018-analysis'
import * as raffle from './2026-11-24-0017-raffle'
import * as competition from './2026-11-24-0015-competition'
import * as security from './2026-11-24-0014-security'
import * as listVersions from './2026-11-25-0019-list-versions'
import * as analysisChanges from './2026-11-27-0020-analysis-changes'
import * as listItemVersions from './2026-11-27-0021-list-item-versions'
import * as chatUploads from './2026-11-28-0022-chat-uploads'
import * as notifications from './2026-11-28-0030-notifications'
import * as tickets from './2026-11-28-0031-tickets'
import * as auditLog from './2026-11-28-0034-audit-log'
import * as auditPending from './2026-11-28-0041-audit-pending'
import * as helpdesk from './2026-11-28-0035-helpdesk'
import * as consent from './2026-11-28-0036-consent'
import * as privacy from './2026-11-28-0037-privacy'
import * as helpdeskDesk from './2026-11-28-0040-helpdesk-desk'

export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-foundation': foundation,
  '2026-11-22-0002-content': content,
  '2026-11-22-0003-enrollment': enrollment,
  '2026-11-22-0004-participation': participation,
  '2026-11-22-0005-wechat': wechat,
  '2026-11-22-0006-chat': chat,
  '2026-11-22-0007-engagement': engagement,
  '2026-11-22-0008-admin-system': adminSystem,
  '2026-11-22-0009-admin-dictionary': adminDictionary,
  '2026-11-22-0010-admin-cms': adminCms,
  '2026-11-22-0011-admin-site': adminSite,
  '2026-11-22-0012-admin-activity': adminActivity,
  '2026-11-22-0013-admin-enrollment': adminEnrollment,
  '2026-11-24-0018-analysis': analysis,
  '2026-11-24-0017-raffle': raffle,
  '2026-11-24-0015-competition': competition,
  '2026-11-24-0014-security': security,
  '2026-11-25-0019-list-versions': listVersions,
  '2026-11-27-0020-analysis-changes': analysisChanges,
  '2026-11-27-0021-list-item-versions': listItemVersions,
  '2026-11-28-0022-chat-uploads': chatUploads,
  '2026-11-28-0030-notifications': notifications,
  '2026-11-28-0031-tickets': tickets,
  '2026-11-28-0034-audit-log': auditLog,
  '2026-11-28-0035-helpdesk': helpdesk,
  '2026-11-28-0036-consent': consent,
  '2026-11-28-0037-privacy': privacy,
  '2026-11-28-0040-helpdesk-desk': helpdeskDesk,
  '2026-11-28-0041-audit-pending': auditPending,
}
