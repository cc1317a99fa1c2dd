// The `&like=zh-cn` import of src/shared/i18n/texts.ts: English as a list in the Chinese key order
// (config/texts-sections-loader.js). jest hands the whole locale files to the other imports, so the list
// is made from the whole files the same way.
const { valuesLike } = require('../../../config/texts-sections-loader.js')

module.exports = valuesLike(require('../../../src/shared/i18n/locales/zh-cn.json'), require('../../../src/shared/i18n/locales/en.json'))
