/** Texts of the password-recovery form: only subpackage pages use them, so they travel with those pages (../texts.ts). */
import zh from '../locales/zh-cn.json?sections=recovery&as=texts'
import en from '../locales/en.json?sections=recovery&as=texts'
import { addSectionTexts } from '..'

addSectionTexts({ zh, en })
