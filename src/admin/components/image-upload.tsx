/**
 * Image field for antd forms: `<Form.Item name="posterUrl"><ImageUpload kind="image" hint="16:9" /></Form.Item>`.
 * value = stored file URL (or null). kind picks the spec's limit (image 4 MB; avatar, logo, videoCover 400 KB):
 * the size is checked here first (spec message), then the file goes to /file/info/single/upload?kind=.
 * Shows the hint with the limit ("16:9, ≤ 4 MB"), a preview and remove.
 */
import React, { useState } from 'react'
import { Image, Upload } from 'antd'
import type { UploadFile, UploadProps } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { feedback } from '../core/feedback'
import { uploadImage, UploadError, type ImageKind } from '../api/file'
import { checkImage, limitLabel, IMAGE_TYPES } from './image-rules'

export interface ImageUploadProps {
  value?: string | null
  onChange?: (url: string | null) => void
  kind?: ImageKind
  /** shown under the picker, e.g. the ratio ("16:9, 1920×1080") */
  hint?: string
  disabled?: boolean
  'data-testid'?: string
}

export function ImageUpload({ value, onChange, kind = 'image', hint, disabled, ...rest }: ImageUploadProps) {
  const { t } = useTranslation()
  const [uploading, setUploading] = useState<UploadFile | null>(null)
  const [preview, setPreview] = useState(false)
  const testId = rest['data-testid'] || 'image-upload'
  const limit = limitLabel(kind)

  const fileList: UploadFile[] = uploading
    ? [uploading]
    : value
      ? [{ uid: '-1', name: value.split('/').pop() || 'image', status: 'done', url: value }]
      : []

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const check = checkImage(file, kind)
    if (check === 'tooLarge') {
      feedback().warning(t('adm.cms.upload.tooLarge', { limit }))
      return Upload.LIST_IGNORE
    }
    if (check === 'type') {
      feedback().warning(t('adm.cms.upload.badType'))
      return Upload.LIST_IGNORE
    }
    return true
  }

  const customRequest: UploadProps['customRequest'] = (options) => {
    const file = options.file as File
    const entry: UploadFile = { uid: String(Date.now()), name: file.name, status: 'uploading', percent: 0 }
    setUploading(entry)
    uploadImage(file, kind, (percent) => setUploading({ ...entry, percent }))
      .then((url) => {
        setUploading(null)
        onChange?.(url)
        options.onSuccess?.(url)
      })
      .catch((e: unknown) => {
        setUploading(null)
        const tooLarge = e instanceof UploadError && e.code === 301
        feedback().error(tooLarge ? t('adm.cms.upload.rejected', { limit }) : t('adm.cms.upload.failed'))
        options.onError?.(e as Error)
      })
  }

  return (
    <div data-testid={testId} className="adm-image-upload">
      <Upload
        listType="picture-card"
        accept={IMAGE_TYPES.join(',')}
        maxCount={1}
        disabled={disabled}
        fileList={fileList}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onPreview={() => setPreview(true)}
        onRemove={() => {
          onChange?.(null)
          return true
        }}
      >
        {fileList.length ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} data-testid={`${testId}-pick`}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('adm.cms.upload.pick')}</div>
          </button>
        )}
      </Upload>
      <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }} data-testid={`${testId}-hint`}>
        {hint ? t('adm.cms.upload.hintWith', { hint, limit }) : t('adm.cms.upload.hint', { limit })}
      </div>
      {value && preview ? (
        <Image
          style={{ display: 'none' }}
          src={value}
          preview={{ open: preview, onOpenChange: (open: boolean) => setPreview(open) }}
        />
      ) : null}
    </div>
  )
}

export default ImageUpload
