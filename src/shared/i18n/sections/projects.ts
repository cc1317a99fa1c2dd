/** Texts of the project and competition pages: only subpackage pages use them, so they travel with those pages (../texts.ts). */
import zh from '../locales/zh-cn.json?sections=project,competition&as=texts'
import en from '../locales/en.json?sections=project,competition&as=texts'
import { addSectionTexts } from '..'

addSectionTexts({ zh, en })
