// Taro builds use babel-preset-taro; jest (client units and server tests) uses plain presets,
// because babel-preset-taro's runtime transforms do not run under node (design.md section 6).
module.exports = (api) => {
  if (api.env('test')) {
    return {
      presets: [
        ['@babel/preset-env', { targets: { node: 'current' } }],
        ['@babel/preset-react', { runtime: 'automatic' }],
        '@babel/preset-typescript',
      ],
    }
  }
  return {
    presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]],
  }
}
