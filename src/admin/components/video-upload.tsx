/**
 * Video field for antd forms: `<Form.Item name="videoUrl"><VideoUpload coverField="coverUrl" durationField="durationSeconds" /></Form.Item>`.
 * value = the stored URL: an upload (MP4 / WebM ≤ 100 MB, checked here first, then streamed to
 * /file/info/single/upload?kind=video and served with range requests) or a pasted http(s) link. Shows a
 * player; after an upload the duration field takes the file's length, and "use this frame as cover" puts
 * the paused frame (JPEG, ≤ 640 px wide) into the cover field as a videoCover upload.
 */
import React, { useRef, useState } from 'react'
import { Button, Form, Input, Progress, Space, Upload } from 'antd'
import type { UploadProps } from 'antd'
import { CameraOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { UPLOAD_LIMITS, VIDEO_TYPES } from '@contracts/api'
import { feedback } from '../core/feedback'
import { uploadImage, uploadVideo, UploadError } from '../api/file'
import { limitLabel } from './image-rules'

export interface VideoUploadProps {
  value?: string | null
  onChange?: (url: string | null) => void
  /** the sibling form field the captured frame goes to */
  coverField?: string
  /** the sibling form field that takes the uploaded file's duration (seconds) */
  durationField?: string
  'data-testid'?: string
}

/** a video file this field accepts before anything is sent */
export function checkVideo(file: { size: number; type?: string }): 'ok' | 'type' | 'tooLarge' {
  if (!(VIDEO_TYPES as readonly string[]).includes(file.type ?? '')) return 'type'
  if (file.size > UPLOAD_LIMITS.video) return 'tooLarge'
  return 'ok'
}

/** the paused frame of a playing video as a JPEG, at most 640 px wide */
function frameOf(video: HTMLVideoElement): Promise<Blob> {
  const scale = Math.min(1, 640 / (video.videoWidth || 640))
  const canvas = document.createElement('canvas')
  canvas.width = Math.round((video.videoWidth || 640) * scale)
  canvas.height = Math.round((video.videoHeight || 360) * scale)
  canvas.getContext('2d')!.drawImage(video, 0, 0, canvas.width, canvas.height)
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no frame'))), 'image/jpeg', 0.85))
}

export function VideoUpload({ value, onChange, coverField, durationField, ...rest }: VideoUploadProps) {
  const { t } = useTranslation()
  const form = Form.useFormInstance()
  const [percent, setPercent] = useState<number | null>(null)
  const [grabbing, setGrabbing] = useState(false)
  const justUploaded = useRef(false)
  const player = useRef<HTMLVideoElement>(null)
  const testId = rest['data-testid'] || 'video-upload'
  const limit = limitLabel('video')

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const check = checkVideo(file)
    if (check === 'ok') return true
    feedback().warning(check === 'type' ? t('adm.content.video.badType') : t('adm.content.video.tooLarge', { limit }))
    return Upload.LIST_IGNORE
  }

  const customRequest: UploadProps['customRequest'] = (options) => {
    setPercent(0)
    uploadVideo(options.file as File, setPercent)
      .then((url) => {
        justUploaded.current = true
        onChange?.(url)
        options.onSuccess?.(url)
      })
      .catch((e: unknown) => {
        const refused = e instanceof UploadError && e.code === 301
        feedback().error(refused ? t('adm.content.video.rejected', { limit }) : t('adm.content.video.failed'))
        options.onError?.(e as Error)
      })
      .finally(() => setPercent(null))
  }

  const onMetadata = () => {
    const seconds = player.current?.duration
    if (justUploaded.current && durationField && seconds && Number.isFinite(seconds)) form.setFieldValue(durationField, Math.round(seconds))
    justUploaded.current = false
  }

  const grabCover = async () => {
    if (!player.current || !coverField) return
    setGrabbing(true)
    try {
      const url = await uploadImage(await frameOf(player.current), 'videoCover')
      form.setFieldValue(coverField, url)
      void feedback().success(t('adm.content.video.coverTaken'))
    } catch {
      // a link to another site cannot be drawn (cross-origin frame) or the frame was refused
      feedback().error(t('adm.content.video.coverFailed'))
    } finally {
      setGrabbing(false)
    }
  }

  return (
    <div data-testid={testId}>
      {value ? (
        <video
          ref={player}
          src={value}
          controls
          preload="metadata"
          onLoadedMetadata={onMetadata}
          style={{ width: 360, maxWidth: '100%', background: '#000', borderRadius: 4, display: 'block', marginBottom: 8 }}
          data-testid={`${testId}-player`}
        />
      ) : null}
      <Space wrap>
        <Upload accept={VIDEO_TYPES.join(',')} maxCount={1} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} disabled={percent !== null}>
          <Button icon={<UploadOutlined />} loading={percent !== null} data-testid={`${testId}-pick`}>
            {value ? t('adm.content.video.replace') : t('adm.content.video.pick')}
          </Button>
        </Upload>
        {value && coverField ? (
          <Button icon={<CameraOutlined />} loading={grabbing} onClick={() => void grabCover()} data-testid={`${testId}-cover`}>
            {t('adm.content.video.useFrame')}
          </Button>
        ) : null}
        {value ? (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} data-testid={`${testId}-remove`}>
            {t('adm.content.video.remove')}
          </Button>
        ) : null}
      </Space>
      {percent !== null ? <Progress percent={percent} size="small" style={{ maxWidth: 360 }} data-testid={`${testId}-progress`} /> : null}
      <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, margin: '6px 0' }} data-testid={`${testId}-hint`}>
        {t('adm.content.video.hint', { limit })}
      </div>
      <Input
        value={value ?? ''}
        onChange={(e) => onChange?.(e.target.value.trim() || null)}
        maxLength={1000}
        placeholder={t('adm.content.video.link')}
        data-testid={`${testId}-url`}
      />
    </div>
  )
}

export default VideoUpload
