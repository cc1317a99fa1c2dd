/**
 * H5 variant of ./choose-image.ts: the browser's own file picker for one image. Taro's H5 chooseImage
 * goes through chooseMedia, which imports its device-info module and the `platform` user-agent parser
 * (~12 KB brotli, ~45 ms of a throttled phone's CPU) into every page that can upload, the activity page
 * among them; and on phones it first shows an action sheet with Chinese-only choices, where the
 * browser's picker already offers camera and album in the person's language.
 */
import type { ChosenImage } from './choose-image'

export function chooseImage(): Promise<ChosenImage | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = 'image/*'
    input.style.cssText = 'position:fixed;top:-4000px;left:-3000px'
    const done = (image: ChosenImage | null) => {
      input.remove()
      resolve(image)
    }
    input.onchange = () => {
      const file = input.files?.[0]
      // a blob: URL is what Taro.uploadFile reads on H5
      done(file ? { path: URL.createObjectURL(file), size: file.size, name: file.name || 'image' } : null)
    }
    input.addEventListener('cancel', () => done(null))
    document.body.appendChild(input)
    input.click()
  })
}
