/** A file chosen to send in the chat (picked by platform.ts, or platform.h5.ts in H5). */
export interface PickedFile {
  /** a local path (mini-program) or an object URL (H5) */
  path: string
  name: string
  size: number
  type: string
}
