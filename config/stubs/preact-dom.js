/**
 * What the mini-program's entry gets for `react-dom` with Preact: preact/compat plus createRoot (from
 * preact/compat/client). Taro's runtime calls ReactDOM.createRoot when React reports version 18, and
 * preact/compat reports 18.3.1 but keeps createRoot in its client entry. ES5 on purpose: files outside
 * src/ are not compiled, and the mini-program's scripts must be ES5.
 */
var compat = require('preact/compat')
var client = require('preact/compat/client')

module.exports = Object.assign({}, compat.default || compat, { createRoot: client.createRoot })
