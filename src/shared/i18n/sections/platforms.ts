/** Texts of the platform, job, talent, place, repatriation-service and website pages: only subpackage pages use them, so they travel with those pages (../texts.ts). */
import zh from '../locales/zh-cn.json?sections=platform,job,talent,place,service,website&as=texts'
import en from '../locales/en.json?sections=platform,job,talent,place,service,website&as=texts'
import { addSectionTexts } from '..'

addSectionTexts({ zh, en })
