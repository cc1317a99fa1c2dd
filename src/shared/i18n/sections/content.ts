/** Texts of the topic, information and policy lists and details: only subpackage pages use them, so they travel with those pages (../texts.ts). */
import zh from '../locales/zh-cn.json?sections=topic,information,policy&as=texts'
import en from '../locales/en.json?sections=topic,information,policy&as=texts'
import { addSectionTexts } from '..'

addSectionTexts({ zh, en })
