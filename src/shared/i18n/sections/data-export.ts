/** Texts of the personal-data download (centre): only subpackage pages use them, so they travel with those pages (../texts.ts). */
import zh from '../locales/zh-cn.json?sections=dataExport&as=texts'
import en from '../locales/en.json?sections=dataExport&as=texts'
import { addSectionTexts } from '..'

addSectionTexts({ zh, en })
