// antd's and dayjs's Chinese: a chunk of their own, for the views and the auth pages that draw antd's texts (./load.ts)
import zhCN from 'antd/es/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'

export default zhCN

export function applyDayjs(): void {
  dayjs.locale('zh-cn')
}
