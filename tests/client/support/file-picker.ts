/**
 * The browser's file picker in jsdom (src/shared/platform/choose-image.h5.ts opens one with a hidden
 * <input type=file>, which jsdom cannot show): `answerFilePicker` answers the next pickers opened, in
 * order, with a file or a cancel, and records what each input asked for.
 */
export type PickerAnswer = { name: string; size: number; type?: string } | 'cancel'

export interface OpenedPicker {
  accept: string
  inDocument: boolean
}

export function answerFilePicker(...answers: PickerAnswer[]): { opened: OpenedPicker[]; restore(): void } {
  const opened: OpenedPicker[] = []
  let urls = 0
  const original = URL.createObjectURL
  URL.createObjectURL = (() => `blob:test/${++urls}`) as typeof URL.createObjectURL
  const spy = jest.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
    if (this.type !== 'file') return
    opened.push({ accept: this.accept, inDocument: document.body.contains(this) })
    const answer = answers.shift()
    if (!answer) throw new Error('a file picker opened that the test did not answer')
    if (answer === 'cancel') {
      this.dispatchEvent(new Event('cancel'))
      return
    }
    const file = new File([new Uint8Array(Math.min(answer.size, 16))], answer.name, { type: answer.type ?? 'image/png' })
    Object.defineProperty(file, 'size', { value: answer.size })
    Object.defineProperty(this, 'files', { value: [file], configurable: true })
    this.dispatchEvent(new Event('change'))
  })
  return {
    opened,
    restore() {
      spy.mockRestore()
      URL.createObjectURL = original
    },
  }
}
