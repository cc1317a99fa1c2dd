// antd's English (also antd's built-in texts) and dayjs's (its default): a chunk of their own (./load.ts)
import enUS from 'antd/es/locale/en_US'
import dayjs from 'dayjs'

export default enUS

export function applyDayjs(): void {
  dayjs.locale('en')
}
