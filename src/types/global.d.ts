// Build constants injected by config/index.ts (defineConstants). Tests define them on globalThis.
declare const APP_VERSION: string
declare const API_BASE: string

declare module '*.png'
declare module '*.jpg'
declare module '*.svg'
declare module '*.scss'
declare module '*.css'

declare namespace NodeJS {
  interface ProcessEnv {
    TARO_ENV: 'weapp' | 'h5' | 'swan' | 'alipay' | 'tt' | 'qq' | 'jd' | 'rn' | undefined
    TARO_APP_ID?: string
  }
}
