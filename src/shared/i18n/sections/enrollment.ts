/** Texts of the enrolment form, its status and the waiting list (activity detail): only subpackage pages use them, so they travel with those pages (../texts.ts). */
import zh from '../locales/zh-cn.json?sections=enrollment,waitlist&as=texts'
import en from '../locales/en.json?sections=enrollment,waitlist&as=texts'
import { addSectionTexts } from '..'

addSectionTexts({ zh, en })
