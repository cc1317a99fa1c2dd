// The part of the shared texts the admin says (chat, common, frame, login): webpack keeps only these
// parts of the JSON, fetched with the admin's Chinese texts (./load.ts, same chunk).
// a module of its own (the query), so that webpack keeps only the parts used here; the web's whole-file
// chunk (shared/i18n/texts.h5.ts) is another
import zh from '../../shared/i18n/locales/zh-cn.json?admin'

export default { chat: zh.chat, common: zh.common, frame: zh.frame, login: zh.login }
