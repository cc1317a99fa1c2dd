/** Texts of the account deletion page (the centre keeps the one line it shows on sign-in, ../texts.ts): only subpackage pages use them, so they travel with those pages (../texts.ts). */
import zh from '../locales/zh-cn.json?sections=deletion&as=texts'
import en from '../locales/en.json?sections=deletion&as=texts'
import { addSectionTexts } from '..'

addSectionTexts({ zh, en })
