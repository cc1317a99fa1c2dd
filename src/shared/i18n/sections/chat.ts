/** Texts of the live chat and its leave-message form: in the mini-program only its chat page (a subpackage) shows them, so they travel with it (../texts.ts). */
import zh from '../locales/zh-cn.json?sections=chat&as=texts'
import en from '../locales/en.json?sections=chat&as=texts'
import { addSectionTexts } from '..'

addSectionTexts({ zh, en })
