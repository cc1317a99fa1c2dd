/**
 * Admin texts: the base file plus one file per admin area (system, dictionary, cms, site, activity,
 * enrollment, content), each under `adm.<area>`, deep-merged here so areas never edit the same file.
 */
import zhBase from './zh-cn.json'
import enBase from './en.json'
import zhSystem from './system.zh-cn.json'
import enSystem from './system.en.json'
import zhDictionary from './dictionary.zh-cn.json'
import enDictionary from './dictionary.en.json'
import zhCms from './cms.zh-cn.json'
import enCms from './cms.en.json'
import zhSite from './site.zh-cn.json'
import enSite from './site.en.json'
import zhActivity from './activity.zh-cn.json'
import enActivity from './activity.en.json'
import zhEnrollment from './enrollment.zh-cn.json'
import enEnrollment from './enrollment.en.json'
import zhContent from './content.zh-cn.json'
import enContent from './content.en.json'
import zhAnalysis from './analysis.zh-cn.json'
import enAnalysis from './analysis.en.json'
import zhRaffle from './raffle.zh-cn.json'
import enRaffle from './raffle.en.json'
import zhCompetition from './competition.zh-cn.json'
import enCompetition from './competition.en.json'
import zhTicket from './ticket.zh-cn.json'
import enTicket from './ticket.en.json'
import zhHelpdesk from './helpdesk.zh-cn.json'
import enHelpdesk from './helpdesk.en.json'

type Dict = { [k: string]: string | Dict }

export function deepMerge(...parts: object[]): Dict {
  const out: Dict = {}
  for (const part of parts as Dict[]) {
    for (const [k, v] of Object.entries(part)) {
      const cur = out[k]
      out[k] = v && typeof v === 'object' && cur && typeof cur === 'object' ? deepMerge(cur, v) : v && typeof v === 'object' ? deepMerge(v) : v
    }
  }
  return out
}

export const ADMIN_LOCALE_FILES = {
  zh: [zhBase, zhSystem, zhDictionary, zhCms, zhSite, zhActivity, zhEnrollment, zhContent, zhAnalysis, zhRaffle, zhCompetition, zhTicket, zhHelpdesk],
  en: [enBase, enSystem, enDictionary, enCms, enSite, enActivity, enEnrollment, enContent, enAnalysis, enRaffle, enCompetition, enTicket, enHelpdesk],
}

export const adminZh = deepMerge(...ADMIN_LOCALE_FILES.zh)
export const adminEn = deepMerge(...ADMIN_LOCALE_FILES.en)
