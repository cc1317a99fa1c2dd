/** The admin's Chinese texts of the areas past the first view, one file per area (./first-zh.ts has the rest). */
import zhSystem from './system.zh-cn.json'
import zhDictionary from './dictionary.zh-cn.json'
import zhCms from './cms.zh-cn.json'
import zhSite from './site.zh-cn.json'
import zhActivity from './activity.zh-cn.json'
import zhEnrollment from './enrollment.zh-cn.json'
import zhContent from './content.zh-cn.json'
import zhRaffle from './raffle.zh-cn.json'
import zhCompetition from './competition.zh-cn.json'
import zhTicket from './ticket.zh-cn.json'
import zhHelpdesk from './helpdesk.zh-cn.json'
import { deepMerge } from './merge'

export const AREA_FILES = [zhSystem, zhDictionary, zhCms, zhSite, zhActivity, zhEnrollment, zhContent, zhRaffle, zhCompetition, zhTicket, zhHelpdesk]

export default deepMerge(...AREA_FILES)
