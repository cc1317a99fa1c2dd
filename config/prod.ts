import type { UserConfigExport } from '@tarojs/cli'

export default {
  mini: {},
  h5: {
    // keep the first-load bundle lean: vendor code in its own long-cached chunk
    enableExtract: true,
  },
} satisfies UserConfigExport<'webpack5'>
