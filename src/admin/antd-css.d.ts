// the two parts of antd's prebuilt stylesheet (config/antd-css-split-loader.js)
declare module 'antd/dist/antd.css?part=first'
declare module 'antd/dist/antd.css?part=rest'
