/**
 * Admin texts: the base file plus one file per admin area (system, dictionary, cms, site, activity,
 * enrollment, content …), each under `adm.<area>`, deep-merged so areas never edit the same file.
 * Both languages, every area, at hand (tests); the admin itself loads one language at a time, the
 * areas past the first view with the views' code (./load.ts).
 */
import { FIRST_FILES as ZH_FIRST } from './first-zh'
import { AREA_FILES as ZH_AREAS } from './areas-zh'
import { FIRST_FILES as EN_FIRST } from './first-en'
import { AREA_FILES as EN_AREAS } from './areas-en'
import { deepMerge } from './merge'

export { deepMerge }

export const ADMIN_LOCALE_FILES = { zh: [...ZH_FIRST, ...ZH_AREAS], en: [...EN_FIRST, ...EN_AREAS] }

export const adminZh = deepMerge(...ADMIN_LOCALE_FILES.zh)
export const adminEn = deepMerge(...ADMIN_LOCALE_FILES.en)
