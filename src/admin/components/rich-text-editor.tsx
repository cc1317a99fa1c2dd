/**
 * Rich-text field for antd forms: `<Form.Item name="contentZh"><RichTextEditor /></Form.Item>`; value is
 * HTML. Quill 2 (react-quill-new, snow theme): headings, bold/italic/underline, lists, link, image (uploaded
 * through /file/info/single/upload like ImageUpload, the URL inserted), clean. The server sanitizes whatever
 * it receives (server/src/lib/rich-text.ts), so this editor is a convenience, not a safety boundary.
 */
import React, { useCallback, useMemo, useRef } from 'react'
import ReactQuill from 'react-quill-new'
import 'react-quill-new/dist/quill.snow.css'
import { useTranslation } from 'react-i18next'
import { feedback } from '../core/feedback'
import { uploadImage } from '../api/file'
import { checkImage, IMAGE_TYPES, limitLabel } from './image-rules'

export interface RichTextEditorProps {
  value?: string
  onChange?: (html: string) => void
  placeholder?: string
  disabled?: boolean
  'data-testid'?: string
}

export const RICH_TEXT_TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link', 'image'],
  ['clean'],
]

/** the editing area keeps a usable height when empty; long content scrolls inside the form */
const EDITOR_CSS = '.adm-rich-text .ql-editor{min-height:240px;max-height:560px;overflow-y:auto;font-size:14px}'

export const RICH_TEXT_FORMATS = ['header', 'bold', 'italic', 'underline', 'list', 'link', 'image']

/** Quill's empty document is `<p><br></p>`: store it as '' so "required" rules and the server see nothing. */
export function normalizeEditorHtml(html: string): string {
  const bare = html.replace(/<p>(<br\s*\/?>|\s|&nbsp;)*<\/p>/gi, '').trim()
  return bare ? html : ''
}

export function RichTextEditor({ value, onChange, placeholder, disabled, ...rest }: RichTextEditorProps) {
  const { t } = useTranslation()
  const quillRef = useRef<ReactQuill | null>(null)

  const pickImage = useCallback(() => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = IMAGE_TYPES.join(',')
    input.onchange = () => {
      const file = input.files?.[0]
      if (!file) return
      const check = checkImage(file, 'image')
      if (check !== 'ok') {
        feedback().warning(check === 'tooLarge' ? t('adm.cms.upload.tooLarge', { limit: limitLabel('image') }) : t('adm.cms.upload.badType'))
        return
      }
      uploadImage(file, 'image')
        .then((url) => {
          const editor = quillRef.current?.getEditor()
          if (!editor) return
          const at = editor.getSelection(true)?.index ?? editor.getLength()
          editor.insertEmbed(at, 'image', url, 'user')
          editor.setSelection(at + 1, 0, 'silent')
        })
        .catch(() => feedback().error(t('adm.cms.upload.failed')))
    }
    input.click()
  }, [t])

  // modules must keep their identity across renders or Quill re-initialises
  const modules = useMemo(() => ({ toolbar: { container: RICH_TEXT_TOOLBAR, handlers: { image: pickImage } } }), [pickImage])

  return (
    <div data-testid={rest['data-testid'] || 'rich-text-editor'} className="adm-rich-text">
      <style>{EDITOR_CSS}</style>
      <ReactQuill
        ref={quillRef}
        theme="snow"
        value={value ?? ''}
        readOnly={disabled}
        placeholder={placeholder}
        modules={modules}
        formats={RICH_TEXT_FORMATS}
        onChange={(html, _delta, source) => {
          // Quill echoes programmatic value changes as 'api' events; only user edits change the form
          if (source !== 'user' && normalizeEditorHtml(html) === normalizeEditorHtml(value ?? '')) return
          onChange?.(normalizeEditorHtml(html))
        }}
        style={{ background: '#fff' }}
      />
    </div>
  )
}

export default RichTextEditor
