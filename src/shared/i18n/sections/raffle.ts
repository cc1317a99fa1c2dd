/** Texts of the raffle page and its entry on an activity (the centre keeps what "My prizes" shows, ../texts.ts): only subpackage pages use them, so they travel with those pages (../texts.ts). */
import zh from '../locales/zh-cn.json?sections=raffle&as=texts'
import en from '../locales/en.json?sections=raffle&as=texts'
import { addSectionTexts } from '..'

addSectionTexts({ zh, en })
