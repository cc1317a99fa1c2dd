/**
 * Where H5 does something a mini-program cannot, the mini-program does the natural thing instead
 * (src/shared/platform/*.ts, with H5 twins *.h5.ts):
 * - an enrolled activity goes into the phone calendar (wx.addPhoneCalendar) instead of an .ics download;
 * - the chat's attach button offers photos/videos (wx.chooseMedia) or a file from a WeChat chat
 *   (wx.chooseMessageFile) instead of a file input;
 * - a QR code opens in WeChat's preview with its save / recognise menu (wx.previewImage showmenu), and
 *   the picture has the long-press menu (show-menu-by-longpress).
 */
import Taro from '@tarojs/taro'
import { render, screen, fireEvent } from '@testing-library/react'
import { QrImg } from '../../src/components/ui/media'

const T = Taro as any
// jest resolves the H5 twins for a bare import: load the mini-program's files by their names
const { addToCalendar } = require('../../src/shared/platform/calendar.ts') as typeof import('../../src/shared/platform/calendar')
const { pickFiles } = require('../../src/components/chat/platform.ts') as typeof import('../../src/components/chat/platform')
const { previewImage } = require('../../src/shared/platform/image-preview.ts') as typeof import('../../src/shared/platform/image-preview')

const EVENT = { title: '上海人工智能人才交流会', startTime: '2026-11-23T11:00:00.000Z', endTime: '2026-11-27T11:00:00.000Z', location: '上海 海外人才服务中心', description: '面对面交流' }

beforeEach(() => {
  T.addPhoneCalendar = jest.fn().mockResolvedValue({ errMsg: 'addPhoneCalendar:ok' })
  T.previewImage = jest.fn().mockResolvedValue({ errMsg: 'previewImage:ok' })
})

describe('phone calendar (mini-program)', () => {
  test('the activity goes in with its times in unix seconds, place, summary and a reminder an hour before', async () => {
    const load = jest.fn().mockResolvedValue(EVENT)
    await expect(addToCalendar(load, '/api/v1/activity/enroll/ics?activityId=3')).resolves.toBe('added')
    expect(T.addPhoneCalendar).toHaveBeenCalledTimes(1)
    expect(T.addPhoneCalendar.mock.calls[0][0]).toEqual({
      title: EVENT.title,
      startTime: Date.UTC(2026, 10, 23, 11) / 1000,
      endTime: String(Date.UTC(2026, 10, 27, 11) / 1000),
      location: EVENT.location,
      description: EVENT.description,
      alarm: true,
      alarmOffset: 3600,
    })
  })

  test('the person cancelling is no failure; a refusal is (the caller then copies the .ics link)', async () => {
    T.addPhoneCalendar.mockRejectedValueOnce({ errMsg: 'addPhoneCalendar:fail cancel' })
    await expect(addToCalendar(async () => EVENT, 'x')).resolves.toBe('cancelled')
    T.addPhoneCalendar.mockRejectedValueOnce({ errMsg: 'addPhoneCalendar:fail auth deny' })
    await expect(addToCalendar(async () => EVENT, 'x')).resolves.toBe('failed')
  })

  test('an activity that cannot be loaded adds nothing', async () => {
    await expect(addToCalendar(async () => null, 'x')).resolves.toBe('failed')
    await expect(addToCalendar(() => Promise.reject(new Error('offline')), 'x')).resolves.toBe('failed')
    expect(T.addPhoneCalendar).not.toHaveBeenCalled()
  })
})

describe('QR codes', () => {
  test('mini-program: the preview shows the one picture with WeChat\'s menu (save, send, recognise)', () => {
    previewImage('http://localhost:8080/uploads/qr/group.png')
    expect(T.previewImage).toHaveBeenCalledWith({ urls: ['http://localhost:8080/uploads/qr/group.png'], current: 'http://localhost:8080/uploads/qr/group.png', showmenu: true })
    previewImage('')
    expect(T.previewImage).toHaveBeenCalledTimes(1)
  })

  test('H5: a tap opens the QR picture on its own in a new tab, on the API origin', () => {
    const open = jest.spyOn(window, 'open').mockReturnValue({} as Window)
    render(<QrImg src='/uploads/qr/live.png' alt='直播二维码' testid='qr' />)
    const img = screen.getByTestId('qr')
    fireEvent.click(img)
    expect(open).toHaveBeenCalledTimes(1)
    expect(String(open.mock.calls[0][0])).toMatch(/\/uploads\/qr\/live\.png$/)
    open.mockRestore()
  })
})

describe('chat attachments (mini-program)', () => {
  beforeEach(() => {
    T.showActionSheet = jest.fn()
    T.chooseMedia = jest.fn().mockResolvedValue({ tempFiles: [{ tempFilePath: 'wxfile://tmp/a1.jpg', size: 2048, fileType: 'image' }, { tempFilePath: 'wxfile://tmp/v1.mp4', size: 4096, fileType: 'video' }] })
    T.chooseMessageFile = jest.fn().mockResolvedValue({ tempFiles: [{ path: 'wxfile://tmp/f1', name: 'cv.pdf', size: 1000, type: 'file' }] })
  })

  test('"photo or video": chooseMedia from the album or the camera, at most 9', async () => {
    T.showActionSheet.mockResolvedValue({ tapIndex: 0 })
    await expect(pickFiles()).resolves.toEqual([
      { path: 'wxfile://tmp/a1.jpg', name: 'a1.jpg', size: 2048, type: 'image/*' },
      { path: 'wxfile://tmp/v1.mp4', name: 'v1.mp4', size: 4096, type: 'video/*' },
    ])
    expect(T.chooseMedia).toHaveBeenCalledWith(expect.objectContaining({ count: 9, mediaType: ['image', 'video'], sourceType: ['album', 'camera'] }))
    expect(T.chooseMessageFile).not.toHaveBeenCalled()
  })

  test('"file from a chat": chooseMessageFile keeps the file\'s own name', async () => {
    T.showActionSheet.mockResolvedValue({ tapIndex: 1 })
    await expect(pickFiles()).resolves.toEqual([{ path: 'wxfile://tmp/f1', name: 'cv.pdf', size: 1000, type: 'file' }])
    expect(T.chooseMessageFile).toHaveBeenCalledWith({ count: 9, type: 'all' })
  })

  test('closing the sheet or the picker sends nothing', async () => {
    T.showActionSheet.mockRejectedValue({ errMsg: 'showActionSheet:fail cancel' })
    await expect(pickFiles()).resolves.toEqual([])
    T.showActionSheet.mockResolvedValue({ tapIndex: 0 })
    T.chooseMedia.mockRejectedValue({ errMsg: 'chooseMedia:fail cancel' })
    await expect(pickFiles()).resolves.toEqual([])
  })
})
