/** Texts of the unsubscribe page: only subpackage pages use them, so they travel with those pages (../texts.ts). */
import zh from '../locales/zh-cn.json?sections=unsubscribe&as=texts'
import en from '../locales/en.json?sections=unsubscribe&as=texts'
import { addSectionTexts } from '..'

addSectionTexts({ zh, en })
