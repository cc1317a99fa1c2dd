export default definePageConfig({ navigationBarTitleText: '海交 Haijiao' })
