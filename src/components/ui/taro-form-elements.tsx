// Taro's Label and Form (the mini-program's <label> and <form>); H5 takes ./taro-form-elements.h5.tsx.
// .tsx like the H5 file: Taro tries `name.h5<ext>` then `name<ext>` one extension at a time, so a
// `name.ts` here would win over `name.h5.tsx` on H5.
export { Label, Form } from '@tarojs/components'
