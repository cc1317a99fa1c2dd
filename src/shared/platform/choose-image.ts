/**
 * One picture chosen by the person, to upload. This default is the mini-program variant (album or camera
 * through WeChat); Taro resolves `choose-image.h5.ts` for H5 builds. Keep both files' exports identical.
 */
import Taro from '@tarojs/taro'

/** a local picture: its path for Taro.uploadFile, its size in bytes when known, and a file name */
export interface ChosenImage {
  path: string
  size: number | null
  name: string
}

/** resolves with the picture, or null when the person cancelled */
export async function chooseImage(): Promise<ChosenImage | null> {
  let picked: Taro.chooseImage.SuccessCallbackResult
  try {
    picked = await Taro.chooseImage({ count: 1, sizeType: ['compressed'], sourceType: ['album', 'camera'] })
  } catch {
    return null
  }
  const file = picked.tempFiles?.[0]
  const path = file?.path || picked.tempFilePaths?.[0]
  if (!path) return null
  return { path, size: file ? file.size : null, name: path.split('/').pop() || 'image' }
}
