// antd's and dayjs's Chinese, fetched with the admin's Chinese texts (./load.ts, same chunk)
import zhCN from 'antd/es/locale/zh_CN'
import 'dayjs/locale/zh-cn'

export default zhCN
