export default definePageConfig({ navigationBarTitleText: '登录 Log in' })
