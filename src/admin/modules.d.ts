// the two parts of antd's prebuilt stylesheet (config/antd-css-split-loader.js)
declare module 'antd/dist/antd.css?part=first'
declare module 'antd/dist/antd.css?part=rest'

// the shared texts, as a module of their own for the admin's part of them (locales/shared-*.ts)
declare module '*.json?admin' {
  const texts: { chat: object; common: object; frame: object; login: object }
  export default texts
}
