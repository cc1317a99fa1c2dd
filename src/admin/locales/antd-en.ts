// antd's English (also antd's default, so already in the first load's code)
import enUS from 'antd/es/locale/en_US'

export default enUS
