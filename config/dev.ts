import type { UserConfigExport } from '@tarojs/cli'

export default {
  logger: { quiet: false, stats: true },
  mini: {},
  h5: {
    devServer: {
      // the API server (npm start / dev:server) on 8080; the H5 dev server proxies /api, /locales, /uploads
      port: 10086,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/locales', '/uploads', '/version.json'], target: 'http://localhost:8080', changeOrigin: true }],
    },
  },
} satisfies UserConfigExport<'webpack5'>
