/**
 * Mini-program: a QR code (or any picture meant to be kept) opens full screen with WeChat's own menu —
 * save to the album, send to a friend, and "recognise the QR code" — wx.previewImage with showmenu.
 * The picture itself also has the long-press menu (Img `longPressMenu`). H5 twin: ./image-preview.h5.ts.
 */
import Taro from '@tarojs/taro'

export function previewImage(url: string): void {
  if (!url) return
  void Taro.previewImage({ urls: [url], current: url, showmenu: true }).catch(() => undefined)
}
