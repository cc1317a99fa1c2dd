export default definePageConfig({ navigationBarTitleText: '注册 Register' })
