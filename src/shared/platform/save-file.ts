/**
 * Mini-program: what a person can do with a downloaded zip. WeChat opens no zip (wx.openDocument takes
 * office files and PDF only), so the file is written to the mini-program's user folder and then
 * - on WeChat for Windows/Mac, saved where the person chooses (wx.saveFileToDisk, PC only);
 * - on a phone, sent to a chat (wx.shareFileMessage), e.g. to 文件传输助手 / File Transfer, from where
 *   WeChat opens it with another app or the person takes it on a computer.
 * Both calls may need the privacy-guide agreement: WeChat asks through the listener registered at start-up
 * (./privacy.ts → our privacy sheet) and the call goes on once the person agrees.
 * H5 twin: ./save-file.h5.ts. Keep both files' exports identical.
 */
import Taro from '@tarojs/taro'

export type SaveOutcome = 'saved' | 'shared' | 'unsupported' | 'cancelled' | 'failed'

function isPc(): boolean {
  try {
    const platform = String(Taro.getDeviceInfo().platform)
    return platform === 'windows' || platform === 'mac'
  } catch {
    return false
  }
}

/** which ways this WeChat has to keep a file (either may be missing from an older base library) */
export function fileSaveWays(): { saveToDisk: boolean; share: boolean } {
  return { saveToDisk: isPc() && typeof Taro.saveFileToDisk === 'function', share: typeof Taro.shareFileMessage === 'function' }
}

const outcomeOf = (e: { errMsg?: string } | undefined): SaveOutcome => (/cancel/i.test(String(e?.errMsg ?? '')) ? 'cancelled' : 'failed')

export async function saveDownloadedFile(file: { data: ArrayBuffer; filename: string; type: string }): Promise<SaveOutcome> {
  const ways = fileSaveWays()
  if (!ways.saveToDisk && !ways.share) return 'unsupported'
  const dir = Taro.env?.USER_DATA_PATH
  if (!dir) return 'failed'
  const filePath = `${dir}/${file.filename.replace(/[^\w.-]+/g, '_')}`
  try {
    await new Promise<void>((resolve, reject) => Taro.getFileSystemManager().writeFile({ filePath, data: file.data, success: () => resolve(), fail: reject }))
  } catch {
    return 'failed'
  }
  try {
    if (ways.saveToDisk) {
      await Taro.saveFileToDisk({ filePath })
      return 'saved'
    }
    await Taro.shareFileMessage({ filePath, fileName: file.filename })
    return 'shared'
  } catch (e) {
    return outcomeOf(e as { errMsg?: string })
  }
}
