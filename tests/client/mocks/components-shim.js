module.exports = require('@tarojs/components-react')
