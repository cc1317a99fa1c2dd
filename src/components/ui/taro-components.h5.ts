// H5 only, through config/index.ts: '@tarojs/components' as taro-ui's AtInput and AtForm see it — Taro's
// components, with the plain Label and Form of ./taro-form-elements.h5.tsx (why: there).
export * from '@tarojs/components-react'
export { Label, Form } from './taro-form-elements.h5'
