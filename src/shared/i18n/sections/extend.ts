/** Texts of the agreement and policy pages: only subpackage pages use them, so they travel with those pages (../texts.ts). */
import zh from '../locales/zh-cn.json?sections=extend&as=texts'
import en from '../locales/en.json?sections=extend&as=texts'
import { addSectionTexts } from '..'

addSectionTexts({ zh, en })
