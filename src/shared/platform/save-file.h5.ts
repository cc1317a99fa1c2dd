/**
 * H5: a downloaded file goes to the browser's downloads (a link with `download` clicked once, on an object
 * URL of the bytes). Mini-program twin: ./save-file.ts. Keep both files' exports identical.
 */
export type SaveOutcome = 'saved' | 'shared' | 'unsupported' | 'cancelled' | 'failed'

/** which ways this platform has to keep a file: H5 always saves it */
export function fileSaveWays(): { saveToDisk: boolean; share: boolean } {
  return { saveToDisk: true, share: false }
}

export async function saveDownloadedFile(file: { data: ArrayBuffer; filename: string; type: string }): Promise<SaveOutcome> {
  try {
    const url = URL.createObjectURL(new Blob([file.data], { type: file.type || 'application/zip' }))
    const a = document.createElement('a')
    a.href = url
    a.download = file.filename
    document.body.appendChild(a)
    a.click()
    a.remove()
    // the browser has taken the file once the click returns; keep the URL a little for slow save dialogs
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
    return 'saved'
  } catch {
    return 'failed'
  }
}
