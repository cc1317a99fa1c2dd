/**
 * The `qrcode` package's encoder alone (lib/core/qrcode.js): the matrix of a QR code, without its
 * canvas/SVG/terminal renderers, so the consumer app draws it as views in the mini-program and on H5
 * (components/ticket/qr-matrix.ts). @types/qrcode types only the package's index.
 */
declare module 'qrcode/lib/core/qrcode' {
  export interface QrSegmentInput {
    data: string | number[]
    mode: 'numeric' | 'alphanumeric' | 'byte' | 'kanji'
  }
  export interface QrSymbol {
    modules: { size: number; data: Uint8Array }
    version: number
  }
  export function create(data: string | QrSegmentInput[], options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H'; version?: number }): QrSymbol
}
