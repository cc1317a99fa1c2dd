export default definePageConfig({ navigationBarTitleText: '404' })
