/** The admin's English texts of the areas past the first view, one file per area (./first-en.ts has the rest). */
import enSystem from './system.en.json'
import enDictionary from './dictionary.en.json'
import enCms from './cms.en.json'
import enSite from './site.en.json'
import enActivity from './activity.en.json'
import enEnrollment from './enrollment.en.json'
import enContent from './content.en.json'
import enRaffle from './raffle.en.json'
import enCompetition from './competition.en.json'
import enTicket from './ticket.en.json'
import enHelpdesk from './helpdesk.en.json'
import { deepMerge } from './merge'

export const AREA_FILES = [enSystem, enDictionary, enCms, enSite, enActivity, enEnrollment, enContent, enRaffle, enCompetition, enTicket, enHelpdesk]

export default deepMerge(...AREA_FILES)
